// "Save to collection" from the composer and from a journaled call of a real sandbox exchange:
// the file runs as the request did, and holds no secret.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../helpers/core-fixture';
import { filesUnder, sandboxSecrets } from '../../helpers/secrets-scan';
import { startComposerFixture, type ComposerFixture } from '../composer/composer-fixture';

let fx: ComposerFixture;
let folder: string;

beforeAll(async () => {
  fx = await startComposerFixture();
  folder = tempDir('tp-save-');
  await fx.core.invoke('collections.open', { folder, create: true });
});
afterAll(async () => {
  await fx.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('collections.saveRequest', () => {
  it('saves a composer request as one request step, named after it, then a unique name', async () => {
    const request = {
      endpointId: 'message.send',
      params: {
        contact_id: fx.contactId,
        resource_id: fx.userId,
        msg_type: 'text',
        text: 'hi',
        no_push: '',
      },
      actAs: { kind: 'user' as const, userId: fx.userId },
    };
    const first = await fx.core.invoke('collections.saveRequest', {
      folder,
      source: { composer: request },
    });
    const second = await fx.core.invoke('collections.saveRequest', {
      folder,
      source: { composer: request },
    });
    expect([first.path, second.path]).toEqual([
      'message.send text.yaml',
      'message.send text 2.yaml',
    ]);
    expect(readFileSync(join(folder, first.path), 'utf8')).toBe(
      [
        'steps:',
        // The user acted for exists only on this sandbox: a new one is connected for each run.
        '  - name: Connect Ada Lovelace',
        '    connect-user:',
        '      name: Ada',
        '      surname: Lovelace',
        '    capture:',
        '      user_id: user_id',
        '  - request:',
        '      endpoint: message.send',
        '      as: user',
        '      user: "{{user_id}}"',
        '      params:',
        `        contact_id: ${fx.contactId}`,
        '        resource_id: "{{user_id}}"',
        '        msg_type: text',
        '        text: hi',
        '',
      ].join('\n'),
    );
    expect(first.view.items.find((i) => i.path === first.path)).toMatchObject({
      steps: 2,
      problems: [],
    });
  });

  it('writes a sample as {sample} and a picked file beside the scenario in files/', async () => {
    const saved = await fx.core.invoke('collections.saveRequest', {
      folder,
      name: 'Picture',
      source: {
        composer: {
          endpointId: 'message.send',
          params: { contact_id: fx.contactId, resource_id: fx.userId, msg_type: 'file' },
          actAs: { kind: 'appForUser', userId: fx.userId },
          file: {
            name: 'notes.txt',
            base64: Buffer.from('hello').toString('base64'),
            mimeType: 'text/plain',
          },
        },
      },
    });
    expect(saved.path).toBe('Picture.yaml');
    const text = readFileSync(join(folder, saved.path), 'utf8');
    expect(text).toMatch(/as: app-for-user\n {6}user: /);
    expect(text).toMatch(/file:\n {8}path: files\/notes.txt\n {8}type: text\/plain/);
    expect(readFileSync(join(folder, 'files', 'notes.txt'), 'utf8')).toBe('hello');
    expect(saved.view.items.map((i) => i.path)).not.toContain('files');
  });

  it('writes the bytes of a file staged in the composer beside the scenario', async () => {
    const staged = await fx.core.invoke('composer.stageFile', {
      name: 'staged notes.txt',
      base64: Buffer.from('staged hello').toString('base64'),
    });
    const request = {
      endpointId: 'message.send',
      params: { contact_id: fx.contactId, resource_id: fx.userId, msg_type: 'file' },
      actAs: { kind: 'appForUser' as const, userId: fx.userId },
      file: { name: 'staged notes.txt', staged: staged.fileId, mimeType: 'text/plain' },
    };
    const saved = await fx.core.invoke('collections.saveRequest', {
      folder,
      name: 'Staged',
      source: { composer: request },
    });
    const text = readFileSync(join(folder, saved.path), 'utf8');
    expect(text).toMatch(/file:\n {8}path: files\/staged notes.txt\n {8}type: text\/plain/);
    expect(readFileSync(join(folder, 'files', 'staged notes.txt'), 'utf8')).toBe('staged hello');

    const unknown = await fx.core
      .invoke('collections.saveRequest', {
        folder,
        name: 'Dropped',
        source: { composer: { ...request, file: { ...request.file, staged: 'not-held' } } },
      })
      .catch((err: unknown) => err);
    expect(unknown).toMatchObject({
      code: 'not_found',
      message: expect.stringMatching(/Pick it again/),
    });
  });

  it('saves journaled calls with their status, secrets as variables, and appends a step', async () => {
    const token = await fx.core.invoke('composer.send', {
      endpointId: 'token',
      params: {
        grant_type: 'client_credentials',
        client_id: fx.clientId,
        client_secret: fx.clientSecret,
      },
      actAs: { kind: 'app' },
    });
    expect(token.record.api.status).toBe(200);
    const saved = await fx.core.invoke('collections.saveRequest', {
      folder,
      path: 'auth/token.yaml',
      source: { seq: token.record.seq },
    });
    const text = readFileSync(join(folder, saved.path), 'utf8');
    expect(text).toMatch(/client_secret: "\{\{client_secret\}\}"/);
    expect(text).toMatch(/expect:\n {6}status: 200/);

    const sent = await fx.core.invoke('composer.send', {
      endpointId: 'message.send',
      params: {
        contact_id: fx.contactId,
        resource_id: fx.userId,
        msg_type: 'text',
        text: 'from history',
      },
      actAs: { kind: 'user', userId: fx.userId },
    });
    const appended = await fx.core.invoke('collections.saveRequest', {
      folder,
      path: 'auth/token.yaml',
      append: true,
      source: { seq: sent.record.seq },
    });
    const item = appended.view.items.find((i) => i.path === 'auth')?.children?.[0];
    // The token step acts for no user; the message does: a connect-user step goes first for it.
    expect(item).toMatchObject({ path: 'auth/token.yaml', steps: 3, problems: [] });
    expect(readFileSync(join(folder, 'auth/token.yaml'), 'utf8')).toMatch(
      /text: from history\n {4}expect:\n {6}status: 200\n$/,
    );

    const secrets = await sandboxSecrets(fx.sandbox, fx.dataDir);
    expect(secrets.size).toBeGreaterThan(1);
    for (const file of filesUnder(folder)) {
      const content = readFileSync(file, 'utf8');
      for (const secret of secrets)
        expect(content.includes(secret), `${file} holds a secret`).toBe(false);
    }
  });
});
