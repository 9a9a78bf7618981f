// What the receiver refuses before a route sees it (Node's parser: 431, 400) and what its rate cap
// turns away leaves journal records, summarized under a flood; a handler's error stays in the
// journal and the sender gets generic words (docs/security.md, "What the receiver refuses and
// records").
import { connect, createServer, type Server } from 'node:net';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JournalRecord, SystemRecord } from '../../../src-shared/contract';
import { startCoreWithSandbox } from '../../helpers/core-fixture';
import { startLtServer } from '../../helpers/lt-server';
import {
  form,
  messageData,
  signedFields,
  startInboundFixture,
  type InboundFixture,
} from './inbound-harness';

const SUMMARY_MS = 400;

let f: InboundFixture;
beforeAll(async () => {
  f = await startInboundFixture({
    deliveries: {
      bodyTimeoutMs: 300,
      refusalSummaryMs: SUMMARY_MS,
      rateCap: { perSecond: 1, burst: 3 },
    },
  });
});
afterAll(() => f.close());

/** Writes raw bytes to the receiver and reads until it closes the connection. */
function raw(bytes: string): Promise<string> {
  const { hostname, port } = new URL(f.endpointUrl);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (d: string) => (answer += d));
    socket.on('end', () => resolve(answer));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
    socket.write(bytes);
  });
}

const isRefusal =
  (kind: string) =>
  (r: JournalRecord): r is SystemRecord =>
    r.kind === 'system' && r.system.message.includes(`refused`) && r.system.message.includes(kind);

/** How many refused requests the records of `kind` stand for: 1 per first record, N per summary. */
function counted(kind: string): { records: number; requests: number } {
  const records = f.records.filter(isRefusal(kind));
  let requests = 0;
  for (const r of records) {
    const more = /^(\d+) more requests? from/.exec(r.system.message);
    requests += more ? Number(more[1]) : 1;
  }
  return { records: records.length, requests };
}

async function waitForCount(kind: string, requests: number) {
  await expect
    .poll(() => counted(kind).requests, {
      timeout: 10_000,
      message: `records of ${requests} "${kind}" refusals`,
    })
    .toBe(requests);
}

describe("requests Node's HTTP parser refuses", () => {
  it('a header over the limit: 431 and a record', async () => {
    const answer = await raw(
      `POST /hooks/sandbox HTTP/1.1\r\nhost: x\r\nx-big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    const rec = await f.waitFor(isRefusal('header too large'));
    expect(rec.system.message).toContain('from 127.0.0.1');
    expect(rec.system.message).toContain('431');
  });

  it('garbage instead of HTTP: 400 and a record', async () => {
    const answer = await raw('HELLO THERE\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    const rec = await f.waitFor(isRefusal('malformed HTTP'));
    expect(rec.system.message).toContain('from 127.0.0.1');
  });

  it('a flood of 200 bad requests: a few records that count them all', async () => {
    await waitForCount('malformed HTTP', 1);
    const before = counted('malformed HTTP');
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => raw(`BAD ${i} \u0001\r\n\r\n`)),
    );
    expect(answers.every((a) => a.startsWith('HTTP/1.1 400 '))).toBe(true);
    await waitForCount('malformed HTTP', before.requests + 200);
    // The flood took at most a few summary windows: one summary per window, not one per request.
    const records = counted('malformed HTTP').records - before.records;
    expect(records).toBeGreaterThanOrEqual(1);
    expect(records).toBeLessThanOrEqual(6);
    expect(
      f.records
        .filter(isRefusal('malformed HTTP'))
        .some((r) =>
          /more requests from 127\.0\.0\.1 refused: malformed HTTP/.test(r.system.message),
        ),
    ).toBe(true);
  });
});

describe('a handler that fails', () => {
  let closedPort: number;
  beforeAll(async () => {
    // A port with nothing behind it: the profile's app token cannot be fetched.
    const server: Server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closedPort = (server.address() as { port: number }).port;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('answers generic words; the error is in the journal', async () => {
    const profile = await f.core.invoke('profiles.create', {
      name: 'Nowhere',
      baseUrl: `http://127.0.0.1:${closedPort}`,
      clientId: 'nowhere-app',
      clientSecret: 'nowhere-secret',
      redirectUri: 'http://127.0.0.1:8000/callback',
      scopes: ['basic'],
    });
    const manage = new URL(`/hooks/${profile.id}/manage?otp=abc`, f.endpointUrl);
    const res = await request(manage);
    const text = await res.body.text();
    expect(res.statusCode).toBe(500);
    expect(text).toBe('The receiver could not process this request.');
    expect(text).not.toContain(String(closedPort));
    const rec = await f.waitFor(isRefusal('handler failed'));
    expect(rec.system.message).toContain(`127.0.0.1:${closedPort}`);
  });

  it('data that is not JSON: the parser’s words stay in the record', async () => {
    const res = await request(f.endpointUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form({ data: '{not json' }),
    });
    expect(res.statusCode).toBe(400);
    expect(await res.body.text()).toBe('The `data` field is not JSON (API document §6).\n');
  });
});

describe('the rate cap on deliveries from the public edge', () => {
  const post = (headers: Record<string, string>, n: number) =>
    request(f.endpointUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: form(signedFields(f, messageData(`m-cap-${n}`))),
    });

  it('trips with 429 and Retry-After, one record at once and one summary', async () => {
    const edge = { 'x-forwarded-for': '198.51.100.1, 203.0.113.7' };
    // Ten at once: a burst of 3 at one a second lets three through, the rest are capped.
    const answers = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const res = await post(edge, i);
        await res.body.dump();
        return { status: res.statusCode, retryAfter: res.headers['retry-after'] };
      }),
    );
    const capped = answers.filter((a) => a.status === 429);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    expect(capped).toHaveLength(7);
    expect(capped.every((a) => Number(a.retryAfter) >= 1)).toBe(true);
    // The source is the address the nearest proxy saw (the last X-Forwarded-For entry).
    await waitForCount('rate cap', capped.length);
    const records = f.records.filter(isRefusal('rate cap'));
    expect(records[0]!.system.message).toContain('from 203.0.113.7');
    expect(records).toHaveLength(2);
    expect(records[1]!.system.message).toBe('6 more requests from 203.0.113.7 refused: rate cap.');
  });

  it('does not apply to senders on this machine (the sandbox, the benches)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await post({}, 100 + i);
      await res.body.dump();
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual(Array(10).fill(200));
  });
});

describe('the rate cap through the tunnel', () => {
  it('caps requests that came through the localtunnel, with no X-Forwarded-For', async () => {
    const lt = await startLtServer();
    const { core, close } = await startCoreWithSandbox({
      core: {
        tunnel: { probeTimeoutMs: 5000, registerTimeoutMs: 2000 },
        deliveries: { rateCap: { perSecond: 1, burst: 2 }, refusalSummaryMs: SUMMARY_MS },
      },
    });
    try {
      const records: JournalRecord[] = [];
      core.events.on('log.appended', (r) => records.push(r));
      const up = new Promise<string>((resolve) =>
        core.events.on('tunnel.changed', (s) => {
          if (s.state === 'up' && s.publicUrl) resolve(s.publicUrl);
        }),
      );
      await core.invoke('tunnel.start', { host: lt.baseUrl });
      const publicUrl = await up;
      // While the tunnel is up, the suggested endpoint URL is on it.
      const { suggested } = await core.invoke('inbound.status', {});
      expect(suggested.endpointUrl.startsWith(publicUrl)).toBe(true);
      const statuses = await Promise.all(
        Array.from({ length: 6 }, async () => {
          const res = await fetch(suggested.endpointUrl, {
            method: 'POST',
            headers: {
              'content-type': 'application/x-www-form-urlencoded',
              'bypass-tunnel-reminder': '1',
            },
            body: 'data=x',
          });
          await res.arrayBuffer();
          return res.status;
        }),
      );
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(3);
      await expect
        .poll(
          () =>
            records.filter((r) => r.kind === 'system' && /\(rate cap\)/.test(r.system.message))
              .length,
          {
            message: 'a record of the rate cap tripping through the tunnel',
          },
        )
        .toBe(1);
    } finally {
      await close();
      await lt.close();
    }
  });
});
