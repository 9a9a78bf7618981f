// The exported Artillery scripts, run by Artillery itself: installed from the npm registry into a
// temporary folder (never a dependency of the app; about 75 s here), the delivery storm sent to
// examples/handlers/correct.mjs, which answers 401 to any delivery whose signature does not verify,
// and the request steps sent to an embedded sandbox. When Artillery cannot be installed (no
// registry), the tests say so as skipped, with the reason.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../src-main/sandbox/index';
import { skipWithReason } from '../../helpers/skip';
import { runTp } from '../../helpers/tp-cli';
import { waitFor } from '../../helpers/wait-for';

/** The version current when this test was written (npm view artillery version). */
const ARTILLERY = 'artillery@2.0.34';
const INSTALL_LIMIT_MS = 240_000;
const REPO = resolve(import.meta.dirname, '../../..');
const SECRET = 'artillery-test-secret';

const root = mkdtempSync(join(tmpdir(), 'tp-artillery-'));
const children: ChildProcess[] = [];
let installFailure: string | null = null;
let sandbox: RunningSandbox | null = null;

function run(
  command: string,
  args: string[],
  options: { cwd: string; env?: Record<string, string>; timeoutMs: number },
): Promise<{ code: number | null; output: string }> {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    timeout: options.timeoutMs,
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  return new Promise((done) => {
    child.once('error', (err) => done({ code: null, output: `${output}\n${err.message}` }));
    child.once('exit', (code) => done({ code, output }));
  });
}

beforeAll(async () => {
  // --ignore-scripts: Artillery's browser engine would download a Chromium build, which cannot be
  // had here and which HTTP scripts do not use.
  const installed = await run(
    'npm',
    ['install', '--prefix', root, ARTILLERY, '--ignore-scripts', '--no-audit', '--no-fund'],
    { cwd: root, timeoutMs: INSTALL_LIMIT_MS },
  );
  if (installed.code !== 0) {
    installFailure = `${ARTILLERY} could not be installed from the npm registry within ${INSTALL_LIMIT_MS / 1000} s (exit ${installed.code}): ${installed.output.trim().split('\n').slice(-3).join(' ')}`;
  }
  sandbox = await startSandbox();
}, INSTALL_LIMIT_MS + 30_000);

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await sandbox?.close();
  // Artillery's 460 packages take a while to remove.
  await rm(root, { recursive: true, force: true });
}, 60_000);

async function artilleryRun(script: string, env: Record<string, string>) {
  const report = join(root, `${Date.now()}-report.json`);
  const ran = await run(
    join(root, 'node_modules/.bin/artillery'),
    ['run', '--output', report, script],
    { cwd: root, env: { ARTILLERY_DISABLE_TELEMETRY: 'true', ...env }, timeoutMs: 60_000 },
  );
  expect(ran.code, ran.output).toBe(0);
  const json = JSON.parse(readFileSync(report, 'utf8')) as {
    aggregate: { counters: Record<string, number> };
  };
  return json.aggregate.counters;
}

const errorsOf = (counters: Record<string, number>) =>
  Object.entries(counters)
    .filter(([k, n]) => n > 0 && (k.startsWith('errors.') || k.includes('.failed')))
    .map(([k, n]) => `${k}: ${n}`);

describe('tp export --format artillery, run by Artillery', () => {
  it('sends deliveries the handler verifies, signed with the secret from the environment', async (ctx) => {
    if (installFailure) skipWithReason(ctx, installFailure);
    const handler = spawn(process.execPath, [join(REPO, 'examples/handlers/correct.mjs')], {
      env: { ...process.env, CLIENT_SECRET: SECRET },
    });
    children.push(handler);
    let said = '';
    handler.stdout.on('data', (d: Buffer) => (said += d.toString()));
    const port = await waitFor(
      'the handler listening',
      () => /listening on http:\/\/127\.0\.0\.1:(\d+)\//.exec(said)?.[1],
    );
    const out = join(root, 'deliveries');
    const exported = await runTp(
      ['export', 'examples', '--format', 'artillery', '--rate', '5', '--duration', '3s'].concat([
        '--handler-url',
        `http://127.0.0.1:${port}/hook`,
        '--out',
        out,
      ]),
      { cwd: REPO },
    );
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stderr).toMatch(/expect-delivery left out/);
    const counters = await artilleryRun(join(out, 'deliveries.yml'), {
      TP_CLIENT_SECRET: SECRET,
    });
    expect(counters['vusers.created']).toBe(15);
    expect(counters['http.codes.200']).toBe(15);
    expect(counters['http.codes.401']).toBeUndefined();
    expect(errorsOf(counters)).toEqual([]);
  }, 120_000);

  it("sends the collection's request steps to the embedded sandbox, with their status checks", async (ctx) => {
    if (installFailure) skipWithReason(ctx, installFailure);
    const app = sandbox!.apps[0]!;
    const out = join(root, 'requests');
    const exported = await runTp(
      ['export', 'examples/app-token.yaml', '--format', 'artillery', '--rate', '2'].concat([
        '--duration',
        '2s',
        '--target',
        sandbox!.baseUrl,
        '--out',
        out,
      ]),
      { cwd: REPO },
    );
    expect(exported.code, exported.stderr).toBe(0);
    const counters = await artilleryRun(join(out, 'requests.yml'), {
      TP_VAR_client_id: app.client_id,
      TP_VAR_client_secret: app.client_secret,
    });
    // Each pass: the grant (200, the right secret from the environment), then the wrong one (401).
    expect(counters['vusers.created']).toBe(4);
    expect(counters['http.codes.200']).toBe(4);
    expect(counters['http.codes.401']).toBe(4);
    expect(errorsOf(counters)).toEqual([]);
  }, 120_000);
});
