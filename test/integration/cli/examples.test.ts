// examples/ walks the platform's API against the embedded sandbox: `npm run tp -- run examples`
// must pass on a fresh clone. Run here exactly as a person runs it, from the repository's root,
// with the JUnit report a CI system would read.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DOMParser } from '@xmldom/xmldom';
import { afterAll, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
const TP = join(ROOT, 'out/main/tp.js');
const out = mkdtempSync(join(tmpdir(), 'tp-examples-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** `tp run …args --reporter junit` from the repository's root: its exit code and report. */
async function runJunit(name: string, args: string[]) {
  expect(existsSync(TP), `${TP} is missing: run npm run build first`).toBe(true);
  const report = join(out, `${name}.xml`);
  const child = spawn(
    process.execPath,
    [TP, 'run', ...args, '--reporter', 'junit', '--out', report],
    {
      cwd: ROOT,
      env: { ...process.env, NO_COLOR: '1' },
    },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((done) => child.on('exit', done));
  expect(code, `tp run ${args.join(' ')} failed:\n${stderr}`).toBe(0);
  return report;
}

it('npm run tp -- run examples passes every step, each scenario a JUnit testsuite', async () => {
  const report = await runJunit('examples', ['examples']);

  const xml = new DOMParser().parseFromString(readFileSync(report, 'utf8'), 'text/xml');
  const suites = Array.from(xml.getElementsByTagName('testsuite'));
  expect(suites.map((s) => s.getAttribute('file'))).toEqual([
    'app-token.yaml',
    'connect-user.yaml',
    'contacts.yaml',
    'message-types.yaml',
    'bulk-send.yaml',
    'resources.yaml',
    'user-message.yaml',
    'user-message-types.yaml',
    'group-events.yaml',
    'rate-limit.yaml',
    'token-clock.yaml',
    'snapshot.yaml',
  ]);
  const root = xml.getElementsByTagName('testsuites')[0]!;
  expect(Number(root.getAttribute('tests'))).toBeGreaterThanOrEqual(50);
  expect(root.getAttribute('failures')).toBe('0');
  expect(root.getAttribute('skipped')).toBe('0');
});

it('the data-driven example runs once per message type of its CSV, each a passing testsuite', async () => {
  const report = await runJunit('data', [
    'examples/user-message-types.yaml',
    '--data',
    'examples/message-types.csv',
  ]);
  const xml = new DOMParser().parseFromString(readFileSync(report, 'utf8'), 'text/xml');
  const suites = Array.from(xml.getElementsByTagName('testsuite'));
  expect(suites.map((s) => s.getAttribute('name')?.replace(/^.*\) /, ''))).toEqual([
    expect.stringMatching(/^\[1\/3\] msg_type=text text=Hello, Bob$/),
    expect.stringMatching(/^\[2\/3\] msg_type=sticker sticker_id=thumbs-up$/),
    expect.stringMatching(/^\[3\/3\] msg_type=location geo_lat=51.5072/),
  ]);
  for (const suite of suites) {
    expect(suite.getAttribute('failures')).toBe('0');
    expect(suite.getAttribute('tests')).toBe('4');
  }
});
