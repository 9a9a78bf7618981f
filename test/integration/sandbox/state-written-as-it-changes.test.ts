// With a state file, the sandbox writes its state shortly after each change, not only on close,
// so a crash of its process loses at most the last moments (docs/sandbox.md, The state file).
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { StateFileSchema } from '../../../src-main/sandbox/state/persist';
import { waitFor } from '../../helpers/wait-for';
import { Harness } from './harness';

const dir = mkdtempSync(join(tmpdir(), 'tp-sandbox-autosave-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The state file as it is on disk now, or undefined while it is missing. */
const onDisk = async (file: string) => {
  const text = await readFile(file, 'utf8').catch(() => undefined);
  return text === undefined ? undefined : StateFileSchema.parse(JSON.parse(text));
};

it('writes the state file after each change while running, mode 0600', async () => {
  const file = join(dir, 'state.json');
  const h = await Harness.start({ state_file: file });
  try {
    // The seeded state is written at start: a crash before any change keeps the same user ids.
    const seeded = await waitFor('the seeded state on disk', () => onDisk(file));
    expect(seeded.users.length).toBeGreaterThan(0);
    expect(seeded.apps[0]?.client_secret).toBe(h.app.client_secret);

    const s = await h.connect();
    await h.addContact(s.access_token, 'kept-while-running');
    const written = await waitFor('the contact and the user token on disk', async () => {
      const state = await onDisk(file);
      return state?.contacts.some((c) => c.contact_id === 'kept-while-running') &&
        state.access_tokens.some((t) => t.token === s.access_token)
        ? state
        : undefined;
    });
    expect(written.connections.map((c) => c.user_id)).toContain(s.user_id);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  } finally {
    await h.close();
  }
});

it('writes its secrets into a file of its own: a .tmp left in the way (a link elsewhere) is replaced, not written through', async () => {
  const file = join(dir, 'linked.json');
  const elsewhere = join(dir, 'elsewhere.txt');
  writeFileSync(elsewhere, '');
  symlinkSync(elsewhere, `${file}.tmp`);
  const h = await Harness.start({ state_file: file });
  try {
    const saved = await waitFor('the state on disk', () => onDisk(file));
    expect(saved.apps[0]?.client_secret).toBe(h.app.client_secret);
    expect(readFileSync(elsewhere, 'utf8'), 'nothing written through the link').toBe('');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  } finally {
    await h.close();
  }
});
