// `node out/main/tp.js`, as `npm run tp` runs it (needs the build: npm test builds first), on a
// collection in a temporary folder: bad input is exit 2 with file:line before anything starts; a
// passing run is exit 0, a failed check exit 1 with the JUnit report written by --out, Ctrl+C
// exit 130; the temporary data folder of a run is gone after it. The runs need the runner
// (core/runner/).
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { DOMParser } from '@xmldom/xmldom';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { JsonReport } from '../../../src-main/cli/reporters/json';
import { waitFor } from '../../helpers/wait-for';

const TP = resolve(import.meta.dirname, '../../../out/main/tp.js');

const root = mkdtempSync(join(tmpdir(), 'tp-cli-'));
const children: ChildProcessWithoutNullStreams[] = [];

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A collection of its own, with the files given (path → YAML lines). */
function collection(files: Record<string, string[]>): string {
  const dir = mkdtempSync(join(root, 'col-'));
  writeFileSync(join(dir, 'collection.yaml'), 'name: CLI test\n');
  for (const [path, lines] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), `${lines.join('\n')}\n`);
  }
  return dir;
}

interface Tp {
  child: ChildProcessWithoutNullStreams;
  /** Where the run's temporary folders go (TMPDIR): empty again once tp has exited. */
  tmp: string;
  stdout: () => string;
  stderr: () => string;
  exit: Promise<number | null>;
}

function tp(cwd: string, args: string[]): Tp {
  expect(existsSync(TP), `${TP} is missing: run npm run build first`).toBe(true);
  const tmp = mkdtempSync(join(root, 'tmp-'));
  const child = spawn(process.execPath, [TP, ...args], {
    cwd,
    env: { ...process.env, TMPDIR: tmp, NO_COLOR: '1' },
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exit = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return { child, tmp, stdout: () => stdout, stderr: () => stderr, exit };
}

const APP_TOKEN_STEP = [
  '  - name: get the app token',
  '    request:',
  '      endpoint: token',
  '      params: { grant_type: client_credentials }',
];

describe('tp run: bad input (exit 2, nothing started)', () => {
  it('prints each problem as file:line: message and exits 2', async () => {
    const dir = collection({
      'good.yaml': ['steps:', '  - wait: 10ms'],
      'sends/bad.yaml': [
        'name: Bad',
        'steps:',
        '  - request:',
        '      endpoint: token',
        '      bogus: 1',
      ],
    });
    const run = tp(dir, ['run', '.']);
    expect(await run.exit).toBe(2);
    expect(run.stderr()).toContain('sends/bad.yaml:5: steps.0.request: "bogus" is not a key here');
    expect(run.stderr()).toMatch(/A file has problems \(above\): fix it and run again/);
    expect(run.stderr()).not.toContain('Running');
    expect(run.stdout()).toBe('');
  });

  it('refuses an unknown option, a missing path and an unknown profile, saying what to write', async () => {
    const dir = collection({ 'good.yaml': ['steps:', '  - wait: 10ms'] });
    const option = tp(dir, ['run', '.', '--reporters', 'junit']);
    expect(await option.exit).toBe(2);
    expect(option.stderr()).toMatch(
      /Unknown option '--reporters'[\s\S]*Usage: npm run -s tp -- run/,
    );

    const missing = tp(dir, ['run', 'nowhere.yaml']);
    expect(await missing.exit).toBe(2);
    expect(missing.stderr()).toContain('nowhere.yaml does not exist: give a scenario file');

    const dataDir = mkdtempSync(join(root, 'data-'));
    const profile = tp(dir, ['run', '.', '--profile', 'Nope', '--data-dir', dataDir]);
    expect(await profile.exit).toBe(2);
    expect(profile.stderr()).toMatch(/No profile is named "Nope" in .*The saved profiles are "/);
    expect(readdirSync(profile.tmp)).toEqual([]);
  });
});

describe('tp run: a run (needs the runner)', () => {
  it('exits 0 when every step passed, with progress on stderr and a JSON report without secrets', async () => {
    const dir = collection({
      'token.yaml': [
        'name: App token',
        'steps:',
        '  - name: pause',
        '    wait: 10ms',
        ...APP_TOKEN_STEP,
        '    expect: { status: 200, body: { access_token: { exists: true } } }',
        '    capture: { token: body.access_token }',
      ],
    });
    const run = tp(dir, ['run', 'token.yaml', '--reporter', 'json', '--out', 'report.json']);
    expect(await run.exit, run.stderr()).toBe(0);
    expect(run.stderr()).toMatch(/✓ pause {2}\d+ ms/);
    expect(run.stderr()).toMatch(/✓ get the app token/);
    expect(run.stderr()).toMatch(/✓ App token \(token\.yaml\)/);
    expect(run.stdout()).toBe('');

    const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as JsonReport;
    expect(report.status).toBe('passed');
    const step = report.scenarios[0]?.steps[1];
    expect(step?.captures.token).toBe('‹redacted›');
    const api = step?.journal.find((r) => r.kind === 'api');
    if (api?.kind !== 'api') throw new Error('the token step has no api record in the report');
    // The engine redacts secrets as it journals them: a few characters and an ellipsis at most.
    expect(api.api.requestParams.client_secret).toMatch(/^.{0,4}…$/);
    const body = JSON.parse(api.api.responseBody?.text ?? '{}') as { access_token?: string };
    expect(body.access_token).toMatch(/^.{0,4}…$/);
    // The temporary data folder (journal, settings) is removed with the run.
    expect(readdirSync(run.tmp)).toEqual([]);
  });

  it('exits 1 when a check fails, and --out writes the JUnit report', async () => {
    const dir = collection({
      'checks/token.yaml': [
        'name: Wrong status',
        'steps:',
        ...APP_TOKEN_STEP,
        '    expect: { status: 201 }',
        '  - wait: 10ms',
      ],
    });
    const run = tp(join(dir, 'checks'), [
      'run',
      'token.yaml',
      '--reporter',
      'junit',
      '--out',
      '../junit.xml',
    ]);
    expect(await run.exit, run.stderr()).toBe(1);
    expect(run.stderr()).toMatch(/✗ get the app token/);

    const xml = readFileSync(join(dir, 'junit.xml'), 'utf8');
    const errors: string[] = [];
    const doc = new DOMParser({
      onError: (level, m) => void (level !== 'warning' && errors.push(m)),
    }).parseFromString(xml, 'text/xml');
    expect(errors).toEqual([]);
    const suites = doc.getElementsByTagName('testsuite');
    expect(suites.length).toBe(1);
    expect(suites[0]?.getAttribute('name')).toBe('Wrong status');
    const cases = doc.getElementsByTagName('testcase');
    expect(cases[0]?.getAttribute('classname')).toBe('checks/token.yaml');
    const failure = cases[0]?.getElementsByTagName('failure')[0];
    expect(failure?.textContent).toMatch(/status: expected .*201.*, got .*200/);
    expect(cases[1]?.getElementsByTagName('skipped').length).toBe(1);
    expect(doc.documentElement?.getAttribute('failures')).toBe('1');
  });

  it('stops cleanly on Ctrl+C and exits 130', async () => {
    const dir = collection({
      'long.yaml': [
        'steps:',
        '  - name: pause',
        '    wait: 10ms',
        '  - name: long',
        '    wait: 60s',
      ],
    });
    const run = tp(dir, ['run', 'long.yaml']);
    await waitFor('the first step to pass', () =>
      run.stderr().includes('✓ pause') ? true : undefined,
    );
    run.child.kill('SIGINT');
    expect(await run.exit, run.stderr()).toBe(130);
    expect(run.stderr()).toContain('Stopping the run');
    expect(run.stdout()).toMatch(/was stopped/);
    expect(readdirSync(run.tmp)).toEqual([]);
  });
});
