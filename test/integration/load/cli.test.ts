// tp load against examples/handlers/correct.mjs for 2 s at a modest rate (every delivery verified
// by the handler, the summary as asked, progress on stderr), a handler that fails (exit 1, the
// error class in the summary) and a URL where nothing listens (exit 2).
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { freeLoopbackPort } from '../../../src-main/headless/listen';
import type { LoadSummary } from '../../../src-shared/contract';
import { runTp, TP } from '../../helpers/tp-cli';
import { HANDLERS, startSampleHandler, type SampleHandler } from '../endpoint-check/sample-handler';

const SECRET = 'load-cli-secret-8b1d';
let handler: SampleHandler | undefined;
let server: Server | undefined;

afterEach(async () => {
  await handler?.stop();
  handler = undefined;
  await new Promise((done) => (server ? server.close(done) : done(undefined)));
  server = undefined;
});

describe('tp load', () => {
  it('sends correct.mjs 2 s of signed deliveries, prints progress, and sums them up (exit 0)', async () => {
    handler = await startSampleHandler('correct', { CLIENT_SECRET: SECRET });
    const run = await runTp(
      [
        'load',
        handler.url,
        '--rate',
        '50',
        '--duration',
        '2s',
        '--mix',
        'text=1,picture=1',
        '--reporter',
        'json',
      ],
      { cwd: HANDLERS, env: { TP_CLIENT_SECRET: SECRET } },
    );
    expect(run.code, run.stderr).toBe(0);
    const summary = JSON.parse(run.stdout) as LoadSummary;
    expect(summary).toMatchObject({
      url: handler.url,
      rateAsked: 50,
      planned: 100,
      sent: 100,
      ok: 100,
      errors: [],
      errorPct: 0,
      passed: true,
      mix: [
        { kind: 'text', weight: 1, sent: 50 },
        { kind: 'picture', weight: 1, sent: 50 },
      ],
    });
    expect(summary.latency.count).toBe(100);
    expect(summary.latency.p50Ms).toBeLessThanOrEqual(summary.latency.p99Ms);
    expect(summary.latency.p99Ms).toBeLessThanOrEqual(summary.latency.maxMs);
    expect(summary.histogram.reduce((n, b) => n + b.count, 0)).toBe(100);
    // The rate was held: 100 sends over about 2 s, not sped up and not slowed to the answers.
    expect(summary.sentPerSecond).toBeGreaterThan(30);
    expect(summary.sentPerSecond).toBeLessThanOrEqual(51);
    // Progress once a second, the last line with every delivery sent; then the verdict.
    expect(run.stderr).toMatch(
      / s {2}sent \d+\/100 {2}answered \d+ {2}errors 0 {2}late \d+ {2}p99 /,
    );
    expect(run.stderr).toContain('sent 100/100  answered 100  errors 0');
    expect(run.stderr).toContain('Passed: 0% errors, within --max-errors 1%.');
    expect(run.stdout + run.stderr).not.toContain(SECRET);
  });

  it('a handler answering 500 fails the run: exit 1, status 5xx in the summary', async () => {
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(500).end('internal error'));
    });
    await new Promise<void>((listening) => server!.listen(0, '127.0.0.1', listening));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    const run = await runTp(['load', url, '--rate', '20', '--duration', '1s'], {
      cwd: HANDLERS,
      env: { TP_CLIENT_SECRET: SECRET },
    });
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toMatch(/status 5xx +20 {2}first: HTTP 500/);
    expect(run.stdout).toContain('Failed: 100% errors, over --max-errors 1%.');
  });

  it('Ctrl+C stops the sending, waits for the answers, and still writes the summary (exit 130)', async () => {
    handler = await startSampleHandler('correct', { CLIENT_SECRET: SECRET });
    const child = spawn(
      process.execPath,
      [TP, 'load', handler.url, '--rate', '20', '--duration', '60s', '--reporter', 'json'],
      { env: { ...process.env, TP_CLIENT_SECRET: SECRET } },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    const exited = new Promise<number | null>((done) => child.once('exit', done));
    // The first progress line: the run is going and has sent deliveries.
    await new Promise<void>((going) =>
      child.stderr.on('data', (d: Buffer) => {
        stderr += d.toString();
        if (/ s {2}sent [1-9]/.test(stderr)) going();
      }),
    );
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    expect(stderr).toContain('Stopping (Ctrl+C): waiting for the answers of the deliveries sent…');
    const summary = JSON.parse(stdout) as LoadSummary;
    expect(summary.stopped).toBe(true);
    expect(summary.planned).toBe(1200);
    expect(summary.sent).toBeGreaterThan(0);
    expect(summary.sent).toBeLessThan(1200);
    // Every delivery sent was answered before the summary.
    expect(summary.ok).toBe(summary.sent);
  });

  it('a URL where nothing listens is exit 2, with what to do', async () => {
    const port = await freeLoopbackPort();
    const run = await runTp(
      ['load', `http://127.0.0.1:${port}/hook`, '--rate', '10', '--duration', '1s'],
      { cwd: HANDLERS, env: { TP_CLIENT_SECRET: SECRET } },
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Start the handler (or correct the URL)');
    expect(run.stdout).toBe('');
  });
});
