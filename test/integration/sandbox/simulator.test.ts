// The simulator API under /_sandbox/ (docs/sandbox.md, Simulator API) and its errors.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RoomEntry } from '../../../src-shared/spec';
import { Harness, expectError } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await Harness.start();
});
afterAll(() => h.close());

describe('seed and state', () => {
  it('without a config: one app "Acme Orders" and a few realistic users and rooms', async () => {
    const state = (await h.sim('GET', '/state')).json;
    const apps = state.apps as {
      name: string;
      client_id: string;
      client_secret: string;
      redirect_uri: string;
    }[];
    expect(apps).toHaveLength(1);
    expect(apps[0]).toMatchObject({
      name: 'Acme Orders',
      client_id: 'acme-orders',
      redirect_uri: 'http://127.0.0.1:47615/callback',
    });
    expect(apps[0]?.client_secret).toBe(h.app.client_secret);
    // API document §8 and docs/sandbox.md: 10,000,000 calls a day, tokens of 36000 s.
    expect(apps[0]).toMatchObject({
      rate_limit: { count: 10_000_000, window_s: 86_400 },
      token_lifetime: 36000,
      code_lifetime: 60,
      signature_method: 'HMAC-SHA256',
    });
    expect(state.settings).toEqual({
      max_file_bytes: 25 * 1024 * 1024,
      otp_lifetime: 600,
      delivery: { retry_delays_ms: [1000, 2000, 4000, 8000], timeout_ms: 10_000 },
    });
    const users = state.users as { id: string; name: string; msisdn: string; avatar_url: string }[];
    expect(users.length).toBeGreaterThanOrEqual(3);
    for (const u of users) {
      expect(u.id).toMatch(/^u[a-z2-7]+$/);
      expect(u.msisdn).toMatch(/^\+\d{8,15}$/);
      const avatar = await fetch(u.avatar_url);
      expect(avatar.headers.get('content-type')).toBe('image/svg+xml');
    }
    const rooms = state.rooms as unknown[];
    expect(rooms.length).toBeGreaterThanOrEqual(1);
    for (const r of rooms) expect((r as { room: string }).room).toMatch(/^r[a-z2-7]+$/);
    for (const key of ['contacts', 'messages', 'deliveries', 'connections'])
      expect(Array.isArray(state[key])).toBe(true);
    // The first secret differs per start.
    const other = await Harness.start();
    expect(other.app.client_secret).not.toBe(h.app.client_secret);
    await other.close();
  });

  it('POST /_sandbox/users answers the user with its id; bad bodies are 400', async () => {
    const r = await h.sim('POST', '/users', {
      name: 'Zoe',
      surname: 'Lee',
      msisdn: '+61400111222',
      lang: 'en',
    });
    expect(r.json).toMatchObject({
      name: 'Zoe',
      surname: 'Lee',
      msisdn: '+61400111222',
      lang: 'en',
    });
    expect(r.json.id).toMatch(/^u/);
    expectError(await h.sim('POST', '/users', { surname: 'x' }), 400, 'invalid_request');
    expectError(
      await h.raw('POST', '/_sandbox/users', '{not json', { 'content-type': 'application/json' }),
      400,
      'invalid_request',
    );
  });

  it('POST /_sandbox/rooms answers the 2.6 room entry', async () => {
    const a = await h.newUser();
    const b = await h.newUser();
    const r = await h.sim('POST', '/rooms', { subject: 'Team', created_by: a, occupants: [b] });
    const entry = RoomEntry.parse(r.json);
    expect(entry.data.occupants).toEqual([
      { id: `${a}@platform.test` },
      { id: `${b}@platform.test` },
    ]);
    expect(entry.data.policy).toBe('open');
    expectError(
      await h.sim('POST', '/rooms', { subject: 'Team', created_by: 'nobody' }),
      404,
      'not_found',
    );
    expectError(
      await h.sim('POST', `/rooms/${entry.room}/join`, { user_id: a }),
      400,
      'invalid_request',
    );
    expectError(
      await h.sim('POST', `/rooms/${entry.room}/update`, { by: a }),
      400,
      'invalid_request',
    );
  });
});

describe('apps', () => {
  it('PATCH changes the registration (scopes as an array) and answers the app', async () => {
    const r = await h.sim('PATCH', `/apps/${h.app.client_id}`, {
      name: 'Acme Shop',
      scopes: ['basic'],
    });
    expect(r.json).toMatchObject({
      name: 'Acme Shop',
      scopes: ['basic'],
      client_id: 'acme-orders',
    });
    const token = await h.post('/tp/token', {
      grant_type: 'client_credentials',
      client_id: h.app.client_id,
      client_secret: h.app.client_secret,
    });
    expect(token.json.scope).toBe('basic');
    await h.sim('PATCH', `/apps/${h.app.client_id}`, {
      name: 'Acme Orders',
      scopes: ['basic', 'user_phone'],
    });
    expectError(
      await h.sim('PATCH', `/apps/${h.app.client_id}`, { scopes: ['root'] }),
      400,
      'invalid_request',
    );
    expectError(
      await h.sim('PATCH', `/apps/${h.app.client_id}`, { client_secret: 'x' }),
      400,
      'invalid_request',
    );
    expectError(await h.sim('PATCH', '/apps/unknown', { name: 'x' }), 404, 'not_found');
  });

  it('PATCH token_lifetime changes expires_in', async () => {
    await h.sim('PATCH', `/apps/${h.app.client_id}`, { token_lifetime: 120 });
    const token = await h.post('/tp/token', {
      grant_type: 'client_credentials',
      client_id: h.app.client_id,
      client_secret: h.app.client_secret,
    });
    expect(token.json.expires_in).toBe(120);
    await h.sim('PATCH', `/apps/${h.app.client_id}`, { token_lifetime: 36000 });
  });

  it('with several apps, calls that concern an app need client_id', async () => {
    const two = await Harness.start({ apps: [{ client_id: 'a1' }, { client_id: 'a2' }] });
    try {
      expectError(await two.sim('POST', '/tokens/expire', {}), 400, 'invalid_request');
      expect((await two.sim('POST', '/tokens/expire', { client_id: 'a2' })).json).toMatchObject({
        client_id: 'a2',
      });
    } finally {
      await two.close();
    }
  });
});

describe('otp', () => {
  it('opens the management URL with otp and fromapp (left out when not given), the directory URL with otp', async () => {
    const seen: string[] = [];
    const site = createServer((req, res) => {
      seen.push(req.url ?? '');
      res.writeHead(204).end();
    });
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    try {
      await h.sim('PATCH', `/apps/${h.app.client_id}`, {
        management_url: `${base}/manage`,
        directory_url: `${base}/dir?x=1`,
      });
      const user = await h.newUser();
      const m = await h.sim('POST', `/users/${user}/otp`, { target: 'management', fromapp: true });
      expect(m.json).toMatchObject({ status: 204 });
      expect(seen[0]).toBe(`/manage?otp=${String(m.json.otp)}&fromapp=true`);
      await h.sim('POST', `/users/${user}/otp`, { target: 'management' });
      expect(seen[1]).not.toContain('fromapp');
      const d = await h.sim('POST', `/users/${user}/otp`, { target: 'directory' });
      expect(seen[2]).toBe(`/dir?x=1&otp=${String(d.json.otp)}`);
    } finally {
      site.closeAllConnections();
      await new Promise((r) => site.close(r));
    }
  });

  it('a failed GET still answers 200 with status null and an error', async () => {
    await h.sim('PATCH', `/apps/${h.app.client_id}`, {
      management_url: 'http://127.0.0.1:1/closed',
    });
    const r = await h.sim('POST', `/users/${await h.newUser()}/otp`, { target: 'management' });
    expect(r.status).toBe(200);
    expect(r.json.status).toBeNull();
    expect(typeof r.json.error).toBe('string');
    expect(typeof r.json.otp).toBe('string');
  });

  it('an app without the URL is a 400', async () => {
    await h.sim('PATCH', `/apps/${h.app.client_id}`, { directory_url: '' });
    expectError(
      await h.sim('POST', `/users/${await h.newUser()}/otp`, { target: 'directory' }),
      400,
      'invalid_request',
    );
  });
});

describe('routing errors', () => {
  it('404 not_found for unknown paths, 405 method_not_allowed for a wrong method', async () => {
    expectError(await h.raw('GET', '/tp/nothing'), 404, 'not_found');
    expectError(await h.raw('GET', '/'), 404, 'not_found');
    expectError(await h.sim('GET', '/nothing'), 404, 'not_found');
    const r = await h.sim('GET', '/users');
    expectError(r, 405, 'method_not_allowed');
    expect(r.headers.allow).toBe('POST');
    expectError(await h.raw('DELETE', '/tp/message/send.json'), 405, 'method_not_allowed');
    expectError(await h.raw('PUT', '/tp/authorize'), 405, 'method_not_allowed');
    const head = await h.raw('HEAD', '/_sandbox/state');
    expect([head.status, head.text]).toEqual([200, '']);
  });
});

describe('loopback only', () => {
  it('refuses a foreign Host (DNS rebinding) and changes asked by pages of other origins', async () => {
    expectError(
      await h.raw('GET', '/_sandbox/state', undefined, { host: 'evil.example' }),
      403,
      'not_authorized',
    );
    const post = (origin: string) =>
      h.raw('POST', '/_sandbox/users', JSON.stringify({ name: 'X', surname: 'Y' }), {
        'content-type': 'text/plain',
        origin,
      });
    expectError(await post('https://evil.example'), 403, 'not_authorized');
    expectError(await post('null'), 403, 'not_authorized');
    // Another port of this machine is another origin (docs/sandbox.md, Media and the sandbox's origin).
    expectError(await post('http://127.0.0.1:5173'), 403, 'not_authorized');
    expect((await post(h.base)).status).toBe(200);
    expect(
      (await h.raw('GET', '/_sandbox/state', undefined, { host: 'localhost:1234' })).status,
    ).toBe(200);
  });
});
