// The sandbox's clock (docs/sandbox.md, The clock): moved forward, everything that expires or waits
// follows it (tokens, codes, otps, rate-limit windows, delivery retries), and nothing else is told.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settledDelivery, type SandboxDelivery } from '../../helpers/sandbox-client';
import { Harness, expectError, type UserSession } from './harness';
import { Receiver } from './receiver';

let h: Harness;
let rx: Receiver;
let s: UserSession;

beforeAll(async () => {
  rx = await Receiver.start();
  h = await Harness.start({
    apps: [{ endpoint_url: rx.url, management_url: rx.url }],
    // An hour between attempts: only an advance of the clock can bring the retries in a test.
    delivery: { retry_delays_ms: [3_600_000, 3_600_000], timeout_ms: 2000 },
  });
  s = await h.connect();
  await h.addContact(s.access_token, 'bot', 'interactive');
});
afterAll(async () => {
  await h.close();
  await rx.close();
});

const advance = (by: string | number) => h.sim('POST', '/clock/advance', { by });
const clock = async () => (await h.sim('GET', '/clock')).json as { now: string; offset_s: number };
const deliveries = async () =>
  (await h.sim('GET', '/deliveries')).json.deliveries as SandboxDelivery[];

describe('GET /_sandbox/clock and POST /_sandbox/clock/advance', () => {
  it('starts at real time and moves forward by 1h, 10m, 1d or seconds', async () => {
    const before = await clock();
    expect(Math.abs(Date.parse(before.now) - Date.now())).toBeLessThan(5000);
    const moved = await advance('10m');
    expect(moved.status).toBe(200);
    expect(moved.json.offset_s).toBe(before.offset_s + 600);
    expect((await advance(30)).json.offset_s).toBe(before.offset_s + 630);
    const now = await clock();
    expect(Date.parse(now.now) - Date.now()).toBeGreaterThan(629_000);
    expect(((await h.sim('GET', '/state')).json.clock as { offset_s: number }).offset_s).toBe(
      now.offset_s,
    );
  });

  it('refuses a move backward, nothing, or a duration it cannot read, saying the form', async () => {
    const offset = (await clock()).offset_s;
    for (const by of [-60, 0, '-1h', 'tomorrow', '1w'] as const) {
      const r = await advance(by);
      expectError(r, 400, 'invalid_request');
      expect(String(r.json.error_description)).toMatch(/forward|90s, 10m, 1h or 1d/);
    }
    expect((await clock()).offset_s).toBe(offset);
  });

  it('goes at most 100 years ahead of real time, saying how to start afresh', async () => {
    const far = await Harness.start({ users: [] });
    try {
      for (let i = 0; i < 100; i++)
        expect((await far.sim('POST', '/clock/advance', { by: '366d' })).status).toBe(200);
      const r = await far.sim('POST', '/clock/advance', { by: '1d' });
      expectError(r, 400, 'invalid_request');
      expect(r.json.error_description).toMatch(/at most 100 years ahead.*fresh state/);
    } finally {
      await far.close();
    }
  });
});

describe('what expires follows the clock', () => {
  it('an access token meets invalid_token once the clock passes its lifetime; the refresh token still works', async () => {
    const u = await h.connect();
    expect((await h.get('/tp/me.json', {}, u.access_token)).status).toBe(200);
    await advance('10h');
    const refused = await h.get('/tp/me.json', {}, u.access_token);
    expectError(refused, 401, 'invalid_token');
    expect(refused.json.error_description).toMatch(/expired/);
    const renewed = await h.post('/tp/token', {
      grant_type: 'refresh_token',
      client_id: h.app.client_id,
      client_secret: h.app.client_secret,
      refresh_token: u.refresh_token,
    });
    expect(renewed.status).toBe(200);
    expect((await h.get('/tp/me.json', {}, String(renewed.json.access_token))).status).toBe(200);
  });

  it('an authorization code expires after 60 s of the clock', async () => {
    const code = await h.code(await h.newUser());
    await advance('61s');
    const r = await h.exchange(code);
    expectError(r, 400, 'invalid_grant');
    expect(r.json.error_description).toMatch(/expired/);
  });

  it('an otp is stale after 10 minutes of the clock', async () => {
    const issued = await h.sim('POST', `/users/${s.user_id}/otp`, { target: 'management' });
    expect(issued.status).toBe(200);
    await advance('10m');
    const r = await h.post(
      '/tp/otp/verify.json',
      { otp: String(issued.json.otp) },
      await h.appToken(),
    );
    expectError(r, 400, 'invalid_grant');
  });

  it('a rate-limit window opens again once the clock passes it', async () => {
    await h.sim('PATCH', `/apps/${h.app.client_id}`, { rate_limit: { count: 1, window_s: 60 } });
    try {
      // s's token may have expired with an earlier advance: a fresh one, before the limit counts.
      const fresh = (await h.connect(s.user_id)).access_token;
      expect((await h.get('/tp/me.json', {}, fresh)).status).toBe(200);
      expectError(await h.get('/tp/me.json', {}, fresh), 429, 'rate_limited');
      await advance('1m');
      expect((await h.get('/tp/me.json', {}, fresh)).status).toBe(200);
    } finally {
      await h.sim('PATCH', `/apps/${h.app.client_id}`, {
        rate_limit: { count: 10_000_000, window_s: 86_400 },
      });
    }
  });
});

describe('pending delivery retries follow the clock', () => {
  it('moved past their time, the retries of two deliveries are sent at once and delivered', async () => {
    const before = rx.received.length;
    rx.script = [500, 500];
    const sent = [];
    for (const text of ['first', 'second']) {
      const r = await h.sim('POST', `/users/${s.user_id}/messages`, {
        contact_id: 'bot',
        msg_type: 'text',
        text,
      });
      sent.push(String(r.json.id));
    }
    await rx.waitFor(before + 2);
    // Each first attempt failed; the next is an hour away in real time.
    for (const id of sent) {
      const d = (await deliveries()).find((x) => JSON.parse(x.data).id === id);
      expect(d?.status).toBe('pending');
    }
    await advance('1h');
    await rx.waitFor(before + 4);
    for (const id of sent) {
      const d = await settledDelivery(deliveries, (x) => JSON.parse(x.data).id === id);
      expect(d.status).toBe('delivered');
      expect(d.attempts.map((a) => a.status)).toEqual([500, 200]);
      // The second attempt is dated on the sandbox's clock, an hour after the first.
      const gap = Date.parse(d.attempts[1]!.at) - Date.parse(d.attempts[0]!.at);
      expect(gap).toBeGreaterThanOrEqual(3_600_000);
    }
  });
});

describe('the state file keeps the clock', () => {
  it('refuses a state file whose clock is beyond 100 years ahead, naming the file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tp-clock-'));
    try {
      const file = join(dir, 'state.json');
      const first = await Harness.start({ state_file: file, users: [] });
      await first.close();
      const saved = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      writeFileSync(file, JSON.stringify({ ...saved, clock_offset_ms: 1e300 }));
      await expect(Harness.start({ state_file: file })).rejects.toThrow(
        /is not a sandbox state file.*Move it aside/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a sandbox started on a saved state is as far ahead as it was', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tp-clock-'));
    try {
      const file = join(dir, 'state.json');
      const first = await Harness.start({ state_file: file });
      await first.sim('POST', '/clock/advance', { by: '1d' });
      await first.close();
      const again = await Harness.start({ state_file: file });
      try {
        const read = (await again.sim('GET', '/clock')).json;
        expect(read.offset_s).toBe(86_400);
        expect(Date.parse(String(read.now)) - Date.now()).toBeGreaterThan(86_399_000);
      } finally {
        await again.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
