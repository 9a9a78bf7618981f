// A HAR exported by this app (api.exportHar) from a real sandbox session, imported back as
// request scenarios: each call becomes a file that parses, acting as it did, with no secret in it.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseScenarioText } from '../../../src-main/core/collections/parse-file';
import { startCoreWithSandbox, type CoreFixture } from '../../helpers/core-fixture';
import { createUser } from '../../helpers/sandbox-client';
import { connect } from '../contacts/contacts-fixture';

let f: CoreFixture;
let folder: string;
let ada: string;

beforeAll(async () => {
  f = await startCoreWithSandbox();
  ada = (await createUser(f.sandbox, 'Ada', 'Lovelace')).id;
  await connect(f.core, f.sandbox, ada);
  folder = mkdtempSync(join(tmpdir(), 'tp-har-import-'));
});

afterAll(async () => {
  await f?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('importing a HAR of this app', () => {
  it('writes one request scenario per call, acting as the call did, secrets named', async () => {
    const app = { kind: 'app' } as const;
    const forAda = { kind: 'appForUser', userId: ada } as const;
    await f.core.invoke('auth.getAppToken', {});
    const calls = [
      await f.core.invoke('api.call', { method: 'GET', path: '/tp/resource/list', actAs: forAda }),
      await f.core.invoke('api.call', {
        method: 'POST',
        path: '/tp/contact/add.json',
        params: { contact_id: 'shop', display_name: 'Shop' },
        actAs: { kind: 'user', userId: ada },
      }),
      await f.core.invoke('api.call', { method: 'GET', path: '/tp/me.json', actAs: app }),
    ];
    const { records } = await f.core.invoke('api.search', { query: '' });
    const seqs = records.map((r) => r.seq);
    expect(seqs.length).toBeGreaterThanOrEqual(calls.length + 1);
    const har = await f.core.invoke('api.exportHar', { seqs });

    const result = await f.core.invoke('collections.import', {
      folder,
      dir: 'session',
      format: 'har',
      content: har.json,
    });
    expect(result.written).toEqual(
      expect.arrayContaining([
        'session/post-tp-token.yaml',
        'session/get-tp-resource-list.yaml',
        'session/post-tp-contact-add.json.yaml',
        'session/get-tp-me.json.yaml',
      ]),
    );
    const read = (path: string) => readFileSync(join(folder, path), 'utf8');
    const step = (path: string) => {
      const parsed = parseScenarioText(path, read(path));
      expect(parsed.problems).toEqual([]);
      return parsed.value!.steps[0]!;
    };
    expect(step('session/post-tp-token.yaml')).toMatchObject({
      request: { endpoint: 'token', params: { client_secret: '{{client_secret}}' } },
      expect: { status: { equals: 200 } },
    });
    expect(step('session/get-tp-resource-list.yaml')).toMatchObject({
      request: { endpoint: 'resource.list', as: 'app-for-user', user: ada },
    });
    expect(step('session/post-tp-contact-add.json.yaml')).toMatchObject({
      request: { endpoint: 'contact.add', path: '/tp/contact/add.json', as: 'user' },
    });
    // The app token with no user_id on a user endpoint: refused, and the file keeps that status
    // (the connect flow's own GET /tp/me.json, with the user token, is another file).
    const meFiles = result.written.filter((p) => p.startsWith('session/get-tp-me.json'));
    expect(
      meFiles.map((p) => step(p)).map((s) => (s as { expect?: unknown }).expect),
    ).toContainEqual({ status: { equals: 400 } });
    const secret = f.sandbox.apps[0]!.client_secret;
    for (const path of result.written) expect(read(path)).not.toContain(secret);
    expect(result.skipped).toContainEqual(
      expect.stringContaining('it acts with a user token: set the variable user_id'),
    );
    const session = result.view.items.find((i) => i.path === 'session');
    expect(session?.children?.map((c) => c.path)).toEqual(expect.arrayContaining(result.written));
  });
});
