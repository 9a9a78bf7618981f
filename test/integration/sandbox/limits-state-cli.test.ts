// Rate limits (429 + Retry-After), state save/load (--state), and the CLI (--config, --json).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CliError, runCli } from '../../../src-main/sandbox/cli-run';
import { Harness, expectError } from './harness';

const dir = mkdtempSync(join(tmpdir(), 'tp-sandbox-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('rate limits', () => {
  it('per app and endpoint: 429 rate_limited with Retry-After over the configured count', async () => {
    const h = await Harness.start({ rate_limit: { count: 3, window_s: 10 } });
    try {
      const token = await h.appToken();
      const s = await h.connect();
      for (let i = 0; i < 3; i++)
        expect((await h.get('/tp/me.json', {}, s.access_token)).status).toBe(200);
      const r = await h.get('/tp/me.json', {}, s.access_token);
      expectError(r, 429, 'rate_limited');
      expect(Number(r.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(r.headers['retry-after'])).toBeLessThanOrEqual(10);
      // Another endpoint has its own count.
      expect((await h.get('/tp/resource/list', {}, s.access_token)).status).toBe(200);
      expect(token).toBeTruthy();
    } finally {
      await h.close();
    }
  });

  it('the token endpoint is limited too, and a PATCHed limit applies at once', async () => {
    const h = await Harness.start();
    try {
      await h.sim('PATCH', `/apps/${h.app.client_id}`, { rate_limit: { count: 1, window_s: 1 } });
      await h.appToken();
      const r = await h.post('/tp/token', {
        grant_type: 'client_credentials',
        client_id: h.app.client_id,
        client_secret: h.app.client_secret,
      });
      expectError(r, 429, 'rate_limited');
      expect(r.headers['retry-after']).toBe('1');
      await new Promise((res) => setTimeout(res, 1050));
      expect(await h.appToken()).toBeTruthy();
    } finally {
      await h.close();
    }
  });
});

describe('state file', () => {
  it('saves on close and resumes: apps, users, contacts, rooms and tokens survive', async () => {
    const file = join(dir, 'state.json');
    const first = await Harness.start({ state_file: file });
    const s = await first.connect();
    await first.addContact(s.access_token, 'kept');
    const secret = first.app.client_secret;
    await first.close();
    const second = await Harness.start({ state_file: file });
    try {
      expect(second.app.client_secret).toBe(secret);
      expect((await second.get('/tp/me.json', {}, s.access_token)).json.id).toBe(s.user_id);
      const sent = await second.post(
        '/tp/message/send.json',
        { contact_id: 'kept', resource_id: s.user_id, msg_type: 'text', text: 'back' },
        s.access_token,
      );
      expect(sent.status).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('POST /_sandbox/state/save writes the state file now (and only that file)', async () => {
    const file = join(dir, 'saved-now.json');
    const h = await Harness.start({ state_file: file });
    try {
      const user = await h.newUser('Saved', 'Now');
      const r = await h.sim('POST', '/state/save', { file: '/tmp/elsewhere.json' });
      expect(r.json).toEqual({ saved: file });
      const text = readFileSync(file, 'utf8');
      expect(text).toContain(user);
    } finally {
      await h.close();
    }
    const plain = await Harness.start();
    expectError(await plain.sim('POST', '/state/save', {}), 400, 'invalid_request');
    await plain.close();
  });

  it('saveState(file) writes a snapshot on demand; a damaged file is refused', async () => {
    const h = await Harness.start();
    const file = join(dir, 'snap.json');
    await h.sandbox.saveState(file);
    await h.close();
    const back = await Harness.start({ state_file: file });
    expect(back.app.client_secret).toBe(h.app.client_secret);
    await back.close();
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{"format":"something else"}');
    await expect(Harness.start({ state_file: bad })).rejects.toThrow(/not a sandbox state file/);
  });
});

describe('CLI', () => {
  it('--json prints one JSON line with baseUrl and the apps with their credentials', async () => {
    const lines: string[] = [];
    const sandbox = await runCli(['--json', '--port', '0'], (l) => lines.push(l));
    try {
      expect(lines).toHaveLength(1);
      const ready = JSON.parse(lines[0] ?? '') as {
        baseUrl: string;
        apps: {
          client_id: string;
          client_secret: string;
          redirect_uri: string;
          scopes: string[];
          endpoint_url: string;
        }[];
      };
      expect(ready.baseUrl).toBe(sandbox.baseUrl);
      expect(ready.apps[0]).toMatchObject({
        client_id: 'acme-orders',
        scopes: ['basic', 'user_phone'],
        endpoint_url: '',
      });
      const token = await fetch(`${ready.baseUrl}/tp/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: 'acme-orders',
          client_secret: ready.apps[0]?.client_secret ?? '',
        }),
      });
      expect(token.status).toBe(200);
    } finally {
      await sandbox.close();
    }
  });

  it('--config registers apps, users, rooms, lifetimes, rate limit and platform domain', async () => {
    const file = join(dir, 'config.json');
    writeFileSync(
      file,
      JSON.stringify({
        platform_domain: 'chat.example',
        token_lifetime: 600,
        code_lifetime: 30,
        rate_limit: { count: 100, window_s: 60 },
        apps: [
          {
            name: 'Helpdesk',
            client_id: 'helpdesk',
            client_secret: 's3cret',
            redirect_uri: 'http://127.0.0.1:9999/cb',
            scopes: ['basic'],
            endpoint_url: 'http://127.0.0.1:9999/in',
            signature_method: 'HMAC-SHA1',
          },
        ],
        users: [{ id: 'alice', name: 'Alice', surname: 'Adams', msisdn: '+15550100' }],
        rooms: [{ id: 'lobby', subject: 'Lobby', created_by: 'alice' }],
      }),
    );
    const lines: string[] = [];
    const sandbox = await runCli(['--config', file], (l) => lines.push(l));
    const h = new Harness(sandbox, sandbox.apps[0]!);
    try {
      expect(lines[0]).toContain(sandbox.baseUrl);
      expect(sandbox.apps).toEqual([
        expect.objectContaining({
          client_id: 'helpdesk',
          client_secret: 's3cret',
          signature_method: 'HMAC-SHA1',
        }),
      ]);
      const token = await h.appToken();
      expect(token).toBeTruthy();
      const s = await h.connect('alice', 'basic');
      const list = await h.get('/tp/resource/list', {}, s.access_token);
      expect(list.json.users).toEqual([{ id: 'alice', owner: true }]);
      const me = await h.get('/tp/me.json', {}, s.access_token);
      expect(me.json.id).toBe('alice');
      await h.addContact(s.access_token, 'agent');
      const sent = await h.post(
        '/tp/message/send.json',
        { contact_id: 'agent', resource_id: 'alice', msg_type: 'text', text: 'x' },
        s.access_token,
      );
      expect(sent.json).toMatchObject({
        sender: 'agent@helpdesk.apps.chat.example',
        recipient: 'alice@chat.example',
      });
      const tok = await h.post('/tp/token', {
        grant_type: 'client_credentials',
        client_id: 'helpdesk',
        client_secret: 's3cret',
      });
      expect(tok.json.expires_in).toBe(600);
    } finally {
      await sandbox.close();
    }
  });

  it('refuses a bad port or a bad config with a message', async () => {
    await expect(runCli(['--port', '70000'], () => {})).rejects.toThrow(CliError);
    const bad = join(dir, 'bad-config.json');
    writeFileSync(bad, JSON.stringify({ apps: [{ client_id: 'has space' }] }));
    await expect(runCli(['--config', bad], () => {})).rejects.toThrow(/apps\.0\.client_id/);
    await expect(runCli(['--config', join(dir, 'missing.json')], () => {})).rejects.toThrow(
      /Cannot read/,
    );
    await expect(runCli(['--bogus'], () => {})).rejects.toThrow(CliError);
  });
});
