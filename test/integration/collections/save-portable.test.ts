// A request saved to a collection runs where the collection goes. The connected user it acted for
// exists only here, so it is written {{user_id}}: on the sandbox a connect-user step at the start
// makes a new user each run (the command line's fresh sandbox included); elsewhere the profile's
// variable holds the id. What else holds only here is said.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../helpers/core-fixture';
import { runTp } from '../../helpers/tp-cli';
import { startComposerFixture, type ComposerFixture } from '../composer/composer-fixture';

let fx: ComposerFixture;
let folder: string;

beforeAll(async () => {
  fx = await startComposerFixture();
  folder = tempDir('tp-save-portable-');
  await fx.core.invoke('collections.open', { folder, create: true });
  writeFileSync(join(folder, 'collection.yaml'), 'name: Portable\n');
});
afterAll(async () => {
  await fx.close();
  rmSync(folder, { recursive: true, force: true });
});

const tp = (args: string[]) => runTp(args, { cwd: folder });

describe('a request saved from the sandbox', () => {
  it('names the user {{user_id}}, connects one first, and runs from the command line', async () => {
    const me = await fx.core.invoke('composer.send', {
      endpointId: 'me',
      params: {},
      actAs: { kind: 'user', userId: fx.userId },
    });
    expect(me.record.api.status).toBe(200);
    const saved = await fx.core.invoke('collections.saveRequest', {
      folder,
      path: 'me.yaml',
      source: { seq: me.record.seq },
    });

    const text = readFileSync(join(folder, saved.path), 'utf8');
    expect(text).not.toContain(fx.userId);
    expect(text).toMatch(
      /connect-user:\n {6}name: Ada\n {6}surname: Lovelace\n {4}capture:\n {6}user_id: user_id/,
    );
    expect(text).toMatch(/user: "\{\{user_id\}\}"/);
    expect(saved.notes.join('\n')).toContain(
      `Ada Lovelace (${fx.userId}) is written {{user_id}}, and a connect-user step at the start`,
    );

    // A fresh sandbox, as a colleague's or CI's command line has: the user is made there.
    const run = await tp(['run', 'me.yaml', '--reporter', 'json']);
    expect(run.code, run.stderr).toBe(0);
    expect((JSON.parse(run.stdout) as { status: string }).status).toBe('passed');
  });

  it('adds a step to a scenario that already captures the user without connecting another', async () => {
    const me = await fx.core.invoke('composer.send', {
      endpointId: 'me',
      params: {},
      actAs: { kind: 'user', userId: fx.userId },
    });
    const appended = await fx.core.invoke('collections.saveRequest', {
      folder,
      path: 'me.yaml',
      append: true,
      source: { seq: me.record.seq },
    });
    const text = readFileSync(join(folder, 'me.yaml'), 'utf8');
    expect(text.match(/connect-user/g)).toHaveLength(1);
    expect(text.match(/user: "\{\{user_id\}\}"/g)).toHaveLength(2);
    expect(appended.notes[0]).toContain("the user the scenario's earlier step captures");
  });

  it('says what holds only on this sandbox: its ids, the app’s contacts', async () => {
    const saved = await fx.core.invoke('collections.saveRequest', {
      folder,
      path: 'send.yaml',
      source: {
        composer: {
          endpointId: 'message.send',
          params: {
            contact_id: fx.contactId,
            resource_id: fx.roomId,
            msg_type: 'text',
            text: 'hi',
          },
          actAs: { kind: 'user', userId: fx.userId },
        },
      },
    });
    const notes = saved.notes.join('\n');
    expect(notes).toContain(`params.resource_id holds ${fx.roomId}, an id of this sandbox`);
    expect(notes).toContain('params.contact_id names a contact of this sandbox');
  });
});

describe('a request saved from another platform’s profile', () => {
  it('names the user by a variable of that profile, set to the user’s id', async () => {
    const copy = await fx.core.invoke('profiles.duplicate', {
      profileId: 'sandbox',
      name: 'Staging',
    });
    const saved = await fx.core.invoke('collections.saveRequest', {
      folder,
      path: 'staging-me.yaml',
      source: {
        composer: {
          profileId: copy.id,
          endpointId: 'me',
          params: {},
          actAs: { kind: 'user', userId: 'u-staging-1' },
        },
      },
    });
    const text = readFileSync(join(folder, saved.path), 'utf8');
    expect(text).not.toContain('connect-user');
    expect(text).toMatch(/user: "\{\{user_id\}\}"/);
    expect(await fx.core.invoke('collections.profileVariables', { profileId: copy.id })).toEqual({
      user_id: 'u-staging-1',
    });
    expect(saved.notes[0]).toContain('a variable of profile "Staging" set to u-staging-1');
  });
});
