// examples/endpoint-check/, the collection that checks `{{handler_url}}` (a check-endpoint step),
// run by `tp run` as a CI job runs it: TP_CLIENT_SECRET is the fresh sandbox app's secret, so the
// handler verifies what the run signs. The correct handler passes (the JUnit report still says each
// check's outcome); a buggy one fails the checks it breaks, with their reason and advice. A URL
// off this machine written in a collection is refused before anything starts, unless --yes.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DOMParser } from '@xmldom/xmldom';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { runTp } from '../../helpers/tp-cli';
import { startSampleHandler, type SampleHandler } from './sample-handler';

const ROOT = resolve(import.meta.dirname, '../../..');
const SECRET = 'collection-sample-secret-5b1e';
const out = mkdtempSync(join(tmpdir(), 'tp-check-step-'));
let handler: SampleHandler | undefined;
afterEach(async () => {
  await handler?.stop();
  handler = undefined;
});
afterAll(() => rmSync(out, { recursive: true, force: true }));

async function runSample(sample: string) {
  handler = await startSampleHandler(sample, { CLIENT_SECRET: SECRET });
  const report = join(out, `${sample}.xml`);
  const run = await runTp(
    [
      'run',
      'examples/endpoint-check',
      '--var',
      `handler_url=${handler.url}`,
      '--reporter',
      'junit',
      '--out',
      report,
    ],
    { cwd: ROOT, env: { TP_CLIENT_SECRET: SECRET } },
  );
  const xml = new DOMParser().parseFromString(readFileSync(report, 'utf8'), 'text/xml');
  const cases = Array.from(xml.getElementsByTagName('testcase')).map((c) => ({
    name: c.getAttribute('name'),
    failure: c.getElementsByTagName('failure')[0]?.textContent ?? null,
    out: c.getElementsByTagName('system-out')[0]?.textContent ?? null,
  }));
  return { run, cases, text: readFileSync(report, 'utf8') };
}

describe('examples/endpoint-check with tp run', () => {
  it('passes against the correct handler, each check said in the JUnit report', async () => {
    const { run, cases, text } = await runSample('correct');
    expect(run.code, run.stderr).toBe(0);
    expect(cases.map((c) => [c.name, c.failure])).toEqual([
      ['Every check but the burst', null],
      ['A burst of 20 deliveries at once', null],
    ]);
    const lines = cases[0]!.out!.split('\n');
    expect(lines).toContain(lines.find((l) => l.startsWith('accepts.text: pass')));
    expect(lines.find((l) => l.startsWith('redelivery: '))).toMatch(/^redelivery: warn: /);
    expect(lines.some((l) => l.startsWith('burst:'))).toBe(false);
    expect(cases[1]!.out).toMatch(/^burst: pass: /);
    expect(text + run.stdout + run.stderr).not.toContain(SECRET);
  });

  it('fails the raw-bytes checks of a handler that verifies re-serialized JSON', async () => {
    const { run, cases } = await runSample('reserialized-json');
    expect(run.code).toBe(1);
    const failed = cases[0]!.failure!.split('\n').map((line) => line.slice(0, line.indexOf(':')));
    expect(failed).toEqual([
      'raw-bytes.non-ascii',
      'raw-bytes.escaped-slashes',
      'raw-bytes.form-spaces-plus',
      'raw-bytes.number-format',
    ]);
    expect(cases[0]!.failure).toMatch(/raw-bytes\.non-ascii: expected pass, got fail: .+/);
    expect(cases[1]!.failure).toBeNull();
  });

  it('refuses a collection that checks a URL off this machine, before anything starts, without --yes', async () => {
    const folder = mkdtempSync(join(out, 'away-'));
    writeFileSync(
      join(folder, 'away.yaml'),
      "steps:\n  - check-endpoint: { url: 'https://hooks.example.com/tp' }\n",
    );
    const run = await runTp(['run', folder], { cwd: ROOT });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('away.yaml: https://hooks.example.com/tp');
    expect(run.stderr).toContain('Add --yes if that server is yours to test');
    expect(run.stderr).not.toContain('Running');
  });
});
