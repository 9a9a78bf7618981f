// load.run through the engine: every delivery signed as the app's (the correct sample
// handler verifies each), the mix's proportions sent, one journal record for the whole run, and
// each error class (a 500, a dropped connection) counted as such, and the run drawn in the session's
// HTML export.
import { createServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freeLoopbackPort } from '../../../src-main/headless/listen';
import { selfSignedCertificate } from '../../../src-main/sandbox/tls/self-signed';
import { JournalRecord } from '../../../src-shared/contract';
import { errorOf } from '../../helpers/command-error';
import { startCoreWithSandbox, type CoreFixture } from '../../helpers/core-fixture';
import { startSampleHandler, type SampleHandler } from '../endpoint-check/sample-handler';

let fx: CoreFixture;
let handler: SampleHandler | undefined;
let server: Server | undefined;

beforeAll(async () => {
  fx = await startCoreWithSandbox();
});
afterAll(() => fx.close());
afterEach(async () => {
  await handler?.stop();
  handler = undefined;
  await new Promise((done) => (server ? server.close(done) : done(undefined)));
  server = undefined;
});

async function recordsOfOpenSession(): Promise<JournalRecord[]> {
  const { recordingId } = await fx.core.invoke('sessions.list', {});
  const { content } = await fx.core.invoke('sessions.export', {
    sessionId: recordingId,
    format: 'ndjson',
  });
  return content
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JournalRecord.parse(JSON.parse(l)));
}

describe('load.run', () => {
  it('sends the planned deliveries, signed as the app signs, in the mix asked, and journals one summary', async () => {
    handler = await startSampleHandler('correct', {
      CLIENT_SECRET: fx.sandbox.apps[0]!.client_secret,
    });
    const before = await recordsOfOpenSession();
    const progress: number[] = [];
    const stop = fx.core.events.on('load.progress', (p) => progress.push(p.sent));
    const summary = await fx.core.invoke('load.run', {
      url: handler.url,
      rate: 100,
      durationMs: 1000,
      mix: [
        { kind: 'text', weight: 3 },
        { kind: 'group-join', weight: 1 },
      ],
    });
    stop();
    expect(summary.planned).toBe(100);
    expect(summary.sent).toBe(100);
    // correct.mjs answers 401 to a delivery whose signature does not verify: each one did.
    expect(summary.ok).toBe(100);
    expect(summary.errors).toEqual([]);
    expect(summary.passed).toBe(true);
    expect(summary.certificateWarning).toBeNull();
    expect(summary.mix).toEqual([
      { kind: 'text', weight: 3, sent: 75 },
      { kind: 'group-join', weight: 1, sent: 25 },
    ]);
    expect(summary.latency.count).toBe(100);
    expect(summary.histogram.reduce((n, b) => n + b.count, 0)).toBe(100);
    // At least the closing figures, with every delivery sent.
    expect(progress.at(-1)).toBe(100);

    const added = (await recordsOfOpenSession()).slice(before.length);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ kind: 'system', system: { level: 'info' } });
    expect(added[0]!.summary).toBe(
      `Load run of ${handler.url}: passed, 100 deliveries, p99 ${summary.latency.p99Ms} ms, 0% errors`,
    );
  });

  it('counts a 500 as status 5xx and a dropped connection as connection, and fails over the limit', async () => {
    let answered500 = 0;
    let seen = 0;
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        seen += 1;
        if (seen % 2 === 1) {
          answered500 += 1;
          res.writeHead(500).end('internal error');
        } else {
          req.socket.destroy();
        }
      });
    });
    await new Promise<void>((listening) => server!.listen(0, '127.0.0.1', listening));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    const summary = await fx.core.invoke('load.run', { url, rate: 40, durationMs: 1000 });
    expect(summary.sent).toBe(40);
    expect(summary.ok).toBe(0);
    const byClass = Object.fromEntries(summary.errors.map((e) => [e.class, e.count]));
    expect(byClass['status 5xx']).toBe(answered500);
    expect(byClass['connection']).toBe(40 - answered500);
    expect(answered500).toBeGreaterThan(0);
    expect(summary.errors.find((e) => e.class === 'status 5xx')?.example).toBe('HTTP 500');
    expect(summary.errorPct).toBe(100);
    expect(summary.passed).toBe(false);
    const last = (await recordsOfOpenSession()).at(-1);
    expect(last).toMatchObject({ kind: 'system', system: { level: 'warn' } });
  });

  it("draws the run in the session's HTML export: its figures, errors by class and histogram", async () => {
    let seen = 0;
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        seen += 1;
        res.writeHead(seen % 4 === 0 ? 503 : 200).end('ok');
      });
    });
    await new Promise<void>((listening) => server!.listen(0, '127.0.0.1', listening));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook?who=<b>me</b>`;
    const summary = await fx.core.invoke('load.run', { url, rate: 40, durationMs: 500 });
    expect(summary.errors).toEqual([{ class: 'status 5xx', count: 5, example: 'HTTP 503' }]);
    const { recordingId } = await fx.core.invoke('sessions.list', {});
    const { content } = await fx.core.invoke('sessions.export', {
      sessionId: recordingId,
      format: 'html',
    });
    const record = content.slice(content.lastIndexOf('<section class="rec kind-system'));
    const words = record.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    const l = summary.latency;
    expect(words).toContain(`Handler ${url.replace('<b>me</b>', '&lt;b&gt;me&lt;/b&gt;')}`);
    expect(words).toContain(
      `p50 ${l.p50Ms} ms · p95 ${l.p95Ms} ms · p99 ${l.p99Ms} ms · max ${l.maxMs} ms (20 answers`,
    );
    expect(words).toContain(`rate held ${summary.sentPerSecond}/s of 40/s asked`);
    expect(words).toContain('status 5xx 5 HTTP 503');
    expect(words).toContain('✗ Failed : 25% of the deliveries sent were not answered 2xx');
    // The histogram's bars hold every answer, each range named.
    const rows = [
      ...record.matchAll(
        /<th scope="row">(≤ \d+ ms|&gt; \d+ ms)<\/th><td class="num">(\d+)<\/td><td class="bar-cell"><svg/g,
      ),
    ];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.reduce((n, m) => n + Number(m[2]), 0)).toBe(20);
  });

  it('loads an https handler whose certificate does not hold, and says so in the summary', async () => {
    const { keyPem, certPem } = selfSignedCertificate();
    server = createHttpsServer({ key: keyPem, cert: certPem }, (req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(200).end('ok'));
    });
    await new Promise<void>((listening) => server!.listen(0, '127.0.0.1', listening));
    const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    const summary = await fx.core.invoke('load.run', { url, rate: 20, durationMs: 500 });
    expect(summary.ok).toBe(10);
    expect(summary.certificateWarning).toMatch(
      /^The certificate of 127\.0\.0\.1:\d+ does not hold \(it is self-signed: DEPTH_ZERO_SELF_SIGNED_CERT\): the deliveries were sent without verifying it/,
    );
  });

  it('counts a delivery with no answer within the platform deadline as timeout', async () => {
    // Takes the whole 10 s deadline: one delivery, never answered.
    server = createServer((req) => req.resume());
    await new Promise<void>((listening) => server!.listen(0, '127.0.0.1', listening));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    const summary = await fx.core.invoke('load.run', { url, rate: 5, durationMs: 200 });
    expect(summary.sent).toBe(1);
    expect(summary.errors).toEqual([
      { class: 'timeout', count: 1, example: "no answer within the platform's 10 s deadline" },
    ]);
    expect(summary.latency.count).toBe(0);
    server.closeAllConnections();
  }, 30_000);

  it('load.stop ends the sending early: the summary of what was sent, marked stopped', async () => {
    handler = await startSampleHandler('correct', {
      CLIENT_SECRET: fx.sandbox.apps[0]!.client_secret,
    });
    const url = handler.url;
    const firstProgress = new Promise<void>((seen) => {
      const stop = fx.core.events.on('load.progress', (p) => {
        if (p.sent > 0) {
          stop();
          seen();
        }
      });
    });
    const running = fx.core.invoke('load.run', { url, rate: 50, durationMs: 60_000 });
    await firstProgress;
    // A second run of the same URL is refused while the first goes.
    const conflict = await errorOf(fx.core.invoke('load.run', { url, rate: 1, durationMs: 100 }));
    expect(conflict.code).toBe('conflict');
    expect(await fx.core.invoke('load.stop', { url })).toEqual({ stopping: true });
    const summary = await running;
    expect(summary.stopped).toBe(true);
    expect(summary.planned).toBe(3000);
    expect(summary.sent).toBeGreaterThan(0);
    expect(summary.sent).toBeLessThan(3000);
    expect(summary.ok).toBe(summary.sent);
    expect((await recordsOfOpenSession()).at(-1)!.summary).toContain(
      `Load run of ${url}: passed (stopped), ${summary.sent} deliveries`,
    );
    expect(await fx.core.invoke('load.stop', { url })).toEqual({ stopping: false });
  });

  it('refuses a URL where nothing listens, in words, before sending anything', async () => {
    const port = await freeLoopbackPort();
    const err = await errorOf(
      fx.core.invoke('load.run', {
        url: `http://127.0.0.1:${port}/hook`,
        rate: 10,
        durationMs: 500,
      }),
    );
    expect(err.code).toBe('network_error');
    expect(err.message).toContain(`could not reach http://127.0.0.1:${port}/hook`);
    expect(err.message).toContain('Start the handler');
  });

  it('refuses a URL off this machine unless the person confirmed it', async () => {
    const err = await errorOf(
      fx.core.invoke('load.run', {
        url: 'http://192.0.2.10/hook',
        rate: 10,
        durationMs: 500,
      }),
    );
    expect(err.code).toBe('invalid_input');
    expect(err.message).toContain('192.0.2.10 is not this machine');
    expect(err.message).toContain('--yes');
  });

  it('refuses a mix kind that is not a delivery, naming the kinds', async () => {
    handler = await startSampleHandler('correct', { CLIENT_SECRET: 'x' });
    const err = await errorOf(
      fx.core.invoke('load.run', {
        url: handler.url,
        rate: 10,
        durationMs: 500,
        mix: [{ kind: 'gif', weight: 1 }],
      }),
    );
    expect(err.code).toBe('invalid_input');
    expect(err.message).toContain('gif, which is not a kind of delivery');
  });
});
