// A data-driven run on the embedded sandbox: each scenario once per row of the data file, the row's
// columns as run values (over --var), each run of a scenario named by its row; bail stops at the
// first failing iteration; collection.yaml names a default file; a file that cannot be used refuses
// the run before its session opens, with the file's place.
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRunnerFixture, type RunnerFixture } from './runner-fixture';

let fx: RunnerFixture;
const outside = mkdtempSync(join(tmpdir(), 'tp-data-outside-'));
beforeAll(async () => {
  fx = await startRunnerFixture();
}, 60_000);
afterAll(async () => {
  rmSync(outside, { recursive: true, force: true });
  await fx?.close();
});

/** The token endpoint answers 200: a row that wants another status fails its check. */
const TOKEN = `
name: Token
steps:
  - name: App token
    request: { endpoint: token, params: { grant_type: client_credentials } }
    expect: { status: '{{want}}' }
`;

const iterations = (run: Awaited<ReturnType<RunnerFixture['run']>>) =>
  run.scenarios.map(
    (s) =>
      `${s.path} [${s.iteration?.index}/${s.iteration?.total}] ${s.iteration?.label}: ${s.state}`,
  );

describe('a run with a data file', () => {
  it('runs each scenario once per row, row by row, with the row as run values', async () => {
    const folder = fx.collection({
      'a.yaml': TOKEN,
      'b.yaml': TOKEN.replace('Token', 'Token again'),
      'rows.csv': 'want,note\r\n200,first\r\n401,"second, failing"\r\n200,third\r\n',
    });
    const run = await fx.run(folder, { data: 'rows.csv', variables: { want: '500' } });
    expect(iterations(run)).toEqual([
      'a.yaml [1/3] want=200 note=first: passed',
      'b.yaml [1/3] want=200 note=first: passed',
      'a.yaml [2/3] want=401 note=second, failing: failed',
      'b.yaml [2/3] want=401 note=second, failing: failed',
      'a.yaml [3/3] want=200 note=third: passed',
      'b.yaml [3/3] want=200 note=third: passed',
    ]);
    expect(run.status).toBe('failed');
    expect(run.scenarios[2]!.steps[0]!.checks[0]).toMatchObject({
      expected: '"401"',
      actual: '200',
    });
    // The run's session names each step with its row; an unused column is a warning there.
    const { content } = await fx.core.invoke('sessions.export', {
      sessionId: run.sessionId,
      format: 'ndjson',
    });
    const summaries = content
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => (JSON.parse(line) as { summary: string }).summary);
    expect(summaries).toContainEqual(
      expect.stringMatching(
        /^Step 1 of a\.yaml \[2\/3\] want=401 note=second, failing, App token: failed in \d+ ms$/,
      ),
    );
    expect(summaries).toContain(
      'rows.csv: no scenario of the run uses the column note ({{note}} appears in no step): check its name, or remove it.',
    );
    // `note` is used by no step: said, not refused.
    expect(run.data).toEqual({
      file: 'rows.csv',
      rows: 3,
      columns: ['want', 'note'],
      unused: ['note'],
    });
  });

  it('stops at the first failing iteration with bail', async () => {
    const folder = fx.collection({
      'a.yaml': TOKEN,
      'rows.json': '[{"want": 200}, {"want": 401}, {"want": 200}]',
    });
    const run = await fx.run(folder, { data: 'rows.json', bail: true });
    expect(iterations(run)).toEqual([
      'a.yaml [1/3] want=200: passed',
      'a.yaml [2/3] want=401: failed',
      'a.yaml [3/3] want=200: skipped',
    ]);
    expect(run.scenarios[2]!.steps[0]!.failure).toMatch(/an earlier iteration failed/);
  });

  it("uses collection.yaml's data file when the run names none", async () => {
    const folder = fx.collection({
      'collection.yaml': 'name: Data\ndata: data/rows.csv\n',
      'a.yaml': TOKEN,
      'data/rows.csv': 'want\n200\n200\n',
    });
    const run = await fx.run(folder);
    expect(iterations(run)).toEqual([
      'a.yaml [1/2] want=200: passed',
      'a.yaml [2/2] want=200: passed',
    ]);
  });

  it('refuses a name the scenarios use that the file lacks, before the run starts', async () => {
    const folder = fx.collection({ 'a.yaml': TOKEN, 'rows.csv': 'wnat\n200\n' });
    const before = await fx.core.invoke('sessions.list', {});
    await expect(fx.run(folder, { data: 'rows.csv' })).rejects.toMatchObject({
      code: 'invalid_input',
      message: expect.stringMatching(
        /^rows\.csv:1:1: there is no column want, which a\.yaml \(step 1\) uses as \{\{want\}\}[^]*columns are wnat/,
      ),
    });
    expect((await fx.core.invoke('sessions.list', {})).sessions).toHaveLength(
      before.sessions.length,
    );
  });

  it('refuses a malformed file with its line and column', async () => {
    const folder = fx.collection({ 'a.yaml': TOKEN, 'rows.csv': 'want\n"200"x\n' });
    await expect(fx.run(folder, { data: 'rows.csv' })).rejects.toMatchObject({
      code: 'invalid_input',
      message: expect.stringMatching(
        /^rows\.csv:2:1: this quoted field has text after its closing quote/,
      ),
    });
  });

  it('reads a data file only from inside the collection, as its other files', async () => {
    writeFileSync(join(outside, 'secret.csv'), 'want\n200\n');
    const folder = fx.collection({
      'collection.yaml': 'name: Data\ndata: ../secret.csv\n',
      'a.yaml': TOKEN,
    });
    await expect(fx.run(folder)).rejects.toMatchObject({
      message: expect.stringMatching(
        /^\.\.\/secret\.csv:1:1: this data file is outside the collection's folder/,
      ),
    });
    symlinkSync(join(outside, 'secret.csv'), join(folder, 'linked.csv'));
    await expect(fx.run(folder, { data: 'linked.csv' })).rejects.toMatchObject({
      message: expect.stringMatching(
        /^linked\.csv:1:1: this data file is outside the collection's folder/,
      ),
    });
  });

  it("lists a collection's data files for Run with data…, not through links or hidden folders", async () => {
    writeFileSync(join(outside, 'away.csv'), 'want\n200\n');
    const folder = fx.collection({
      'collection.yaml': 'name: Data\ndata: data/rows.csv\n',
      'a.yaml': TOKEN,
      'data/rows.csv': 'want\n200\n',
      'users.json': '[]',
      '.git/x.csv': 'a\n1\n',
      'notes.txt': 'no',
    });
    symlinkSync(outside, join(folder, 'linked'));
    expect(await fx.core.invoke('runner.dataFiles', { folder })).toEqual({
      files: ['data/rows.csv', 'users.json'],
      default: 'data/rows.csv',
    });
  });
});
