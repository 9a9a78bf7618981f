// tp check's exits beyond pass and fail: 130 on Ctrl+C, 2 with words for a URL where nothing
// listens, and the JUnit report written to --out with a failure per failed check.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freeLoopbackPort } from '../../../src-main/headless/listen';
import { runTp, TP } from '../../helpers/tp-cli';
import { HANDLERS, startSampleHandler, type SampleHandler } from './sample-handler';

let handler: SampleHandler | undefined;
afterEach(async () => {
  await handler?.stop();
  handler = undefined;
});

describe('tp check', () => {
  it('stops on Ctrl+C with exit 130', async () => {
    handler = await startSampleHandler('slow', { CLIENT_SECRET: 's'.repeat(16), SLOW_MS: '60000' });
    const child = spawn(process.execPath, [TP, 'check', handler.url, '--only', 'deadline'], {
      env: { ...process.env, TP_CLIENT_SECRET: 's'.repeat(16) },
    });
    let stderr = '';
    const exited = new Promise<number | null>((done) => child.once('exit', done));
    await new Promise<void>((started) =>
      child.stderr.on('data', (d: Buffer) => {
        stderr += d.toString();
        if (stderr.includes('Checking ')) started();
      }),
    );
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    expect(stderr).toContain('Stopped (Ctrl+C): no report.');
  });

  it('exits 2 and says so when nothing listens at the URL', async () => {
    const url = `http://127.0.0.1:${await freeLoopbackPort()}/hook`;
    const run = await runTp(['check', url], {
      cwd: HANDLERS,
      env: { TP_CLIENT_SECRET: 'x'.repeat(16) },
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/could not reach .*connection refused.*Start the handler/);
    expect(run.stdout).toBe('');
  });

  it('writes the JUnit report to --out: a <failure> for each failed check', async () => {
    const secret = 'junit-secret-0123456789';
    handler = await startSampleHandler('accepts-missing-signature', { CLIENT_SECRET: secret });
    const out = join(mkdtempSync(join(tmpdir(), 'tp-check-')), 'check.xml');
    const run = await runTp(
      ['check', handler.url, '--only', 'refuses.', '--reporter', 'junit', '--out', out],
      { cwd: HANDLERS, env: { TP_CLIENT_SECRET: secret } },
    );
    expect(run.code).toBe(1);
    const xml = readFileSync(out, 'utf8');
    expect(xml).toMatch(
      /<testsuite name="endpoint check [^"]+" tests="6" failures="1" skipped="0"/,
    );
    expect(xml).toMatch(
      /<testcase classname="endpoint-check" name="refuses.no-signature: [^"]*"[^>]*>\s*<failure message="[^"]*Anyone who knows this URL/,
    );
    expect(run.stderr).toContain(`the junit report is in ${out}`);
  });
});
