// A QA session survives a crash: the headless host (`npm run serve`, a child process) is killed
// with SIGKILL once the embedded sandbox's state file holds the session, then started again on the
// same data folder: the users, their tokens, rooms and contacts are all there. Needs the build.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { freePort } from '../../helpers/sandbox-client';
import { waitFor } from '../../helpers/wait-for';
import { expectSessionKept, playSession } from './qa-session';
import { SERVE, serve, type ServedHost } from './served-host';

const hosts: ServedHost[] = [];
let tmp = '';
afterAll(async () => {
  for (const h of hosts) {
    h.disconnect();
    if (h.child.exitCode === null && h.child.signalCode === null) h.child.kill('SIGKILL');
  }
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

async function stateFileHolds(file: string, ...values: string[]): Promise<true | undefined> {
  const text = await readFile(file, 'utf8').catch(() => '');
  return values.every((v) => text.includes(v)) ? true : undefined;
}

it('keeps the QA session after the host is killed with SIGKILL', async () => {
  expect(existsSync(SERVE), `${SERVE} is missing: run npm run build first`).toBe(true);
  tmp = await mkdtemp(join(tmpdir(), 'tp-kill-'));
  const dataDir = join(tmp, 'data');
  await mkdir(dataDir, { recursive: true });
  // As the Users tab's "Store secrets unencrypted" leaves the settings (no keyring here).
  await writeFile(
    join(dataDir, 'settings.json'),
    JSON.stringify({ 'secretStorage.allowPlainFile': true }),
  );
  const sandboxPort = await freePort();

  const first = await serve(dataDir, sandboxPort);
  hosts.push(first);
  const played = await playSession(first.invoke, { baseUrl: first.sandboxUrl });
  // The state is written shortly after each change: wait until the file has the session.
  await waitFor('the sandbox state file to hold the room and the contact', () =>
    stateFileHolds(join(dataDir, 'sandbox-state.json'), played.roomId, played.contactId),
  );
  first.child.kill('SIGKILL');
  await new Promise((r) => first.child.once('exit', r));
  first.disconnect();

  const second = await serve(dataDir, sandboxPort);
  hosts.push(second);
  expect(second.sandboxUrl).toBe(first.sandboxUrl);
  await expectSessionKept(second.invoke, { baseUrl: second.sandboxUrl }, played);
});
