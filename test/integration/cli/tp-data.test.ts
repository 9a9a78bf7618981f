// `tp run --data`, as a person runs it (needs the build): each iteration a JUnit testsuite named by
// its row; a malformed data file, a name it lacks and a file outside the collection are bad input
// (exit 2) with the file's place as seen from the working folder, before any step runs.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DOMParser } from '@xmldom/xmldom';
import { afterAll, expect, it } from 'vitest';

const TP = resolve(import.meta.dirname, '../../../out/main/tp.js');
const root = mkdtempSync(join(tmpdir(), 'tp-data-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const TOKEN = [
  'name: Token',
  'steps:',
  '  - name: App token',
  '    request: { endpoint: token, params: { grant_type: client_credentials } }',
  "    expect: { status: '{{want}}' }",
].join('\n');

/** `checks/` under a working folder of its own, with the files given. */
function workspace(files: Record<string, string>): string {
  const cwd = mkdtempSync(join(root, 'ws-'));
  mkdirSync(join(cwd, 'checks'));
  writeFileSync(join(cwd, 'checks', 'collection.yaml'), 'name: Data\n');
  for (const [path, text] of Object.entries(files)) writeFileSync(join(cwd, path), text);
  return cwd;
}

async function tp(cwd: string, args: string[]) {
  expect(existsSync(TP), `${TP} is missing: run npm run build first`).toBe(true);
  const child = spawn(process.execPath, [TP, ...args], {
    cwd,
    env: { ...process.env, NO_COLOR: '1' },
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((done) => child.on('exit', done));
  return { code, stderr };
}

it('runs the scenario once per row, each iteration a JUnit testsuite; a failing row is exit 1', async () => {
  const cwd = workspace({ 'checks/token.yaml': TOKEN, 'checks/rows.csv': 'want\n200\n401\n' });
  const out = join(cwd, 'junit.xml');
  const { code, stderr } = await tp(cwd, [
    'run',
    'checks',
    '--data',
    'checks/rows.csv',
    '--reporter',
    'junit',
    '--out',
    out,
  ]);
  expect(code, stderr).toBe(1);
  const xml = new DOMParser().parseFromString(readFileSync(out, 'utf8'), 'text/xml');
  const suites = Array.from(xml.getElementsByTagName('testsuite'));
  expect(suites.map((s) => `${s.getAttribute('name')}: ${s.getAttribute('failures')}`)).toEqual([
    'Token [1/2] want=200: 0',
    'Token [2/2] want=401: 1',
  ]);
  expect(stderr).toContain('✗ Token (token.yaml [2/2] want=401)');
});

it('a malformed data file is exit 2 with its file, line and column, before any step', async () => {
  const cwd = workspace({ 'checks/token.yaml': TOKEN, 'checks/rows.csv': 'want\n200\n"2"01\n' });
  const { code, stderr } = await tp(cwd, ['run', 'checks', '--data', 'checks/rows.csv']);
  expect(code, stderr).toBe(2);
  expect(stderr).toMatch(
    /^checks\/rows\.csv:3:1: this quoted field has text after its closing quote/m,
  );
  expect(stderr).not.toContain('App token');
});

it('a name the scenario uses that the data file lacks is exit 2, naming both', async () => {
  const cwd = workspace({ 'checks/token.yaml': TOKEN, 'checks/rows.json': '[{"wnat": 200}]' });
  const { code, stderr } = await tp(cwd, ['run', 'checks', '--data', 'checks/rows.json']);
  expect(code, stderr).toBe(2);
  expect(stderr).toMatch(
    /^checks\/rows\.json:1:1: there is no column want, which token\.yaml \(step 1\) uses as \{\{want\}\}/m,
  );
});

it('a data file outside the collection is exit 2, with what to do', async () => {
  const cwd = workspace({ 'checks/token.yaml': TOKEN, 'rows.csv': 'want\n200\n' });
  const { code, stderr } = await tp(cwd, ['run', 'checks', '--data', 'rows.csv']);
  expect(code, stderr).toBe(2);
  expect(stderr).toMatch(
    /--data rows\.csv is outside the collection's folder checks: .* Move or copy the file into the folder\./,
  );
});
