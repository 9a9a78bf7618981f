// `tp run --timeout`: a run that takes longer is stopped once the time has passed, its report
// still written, and the command ends with exit 1 instead of outliving what CI gave it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { parseTpArgs, UsageError } from '../../../src-main/cli/args';
import { tp } from '../../../src-main/cli/commands';
import type { Io } from '../../../src-main/cli/io';
import type { JsonReport } from '../../../src-main/cli/reporters/json';

const folder = mkdtempSync(join(tmpdir(), 'tp-timeout-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

it('stops a run that passes its --timeout and exits 1 with the report', async () => {
  writeFileSync(
    join(folder, 'slow.yaml'),
    'steps:\n  - name: quick\n    wait: 10ms\n  - name: long\n    wait: 10m\n',
  );
  const err: string[] = [];
  let report = '';
  const io: Io = {
    out: (text) => {
      report += text;
      return Promise.resolve();
    },
    err: (line) => err.push(line),
    env: {},
    cwd: folder,
    errIsTTY: false,
  };
  const started = performance.now();
  const code = await tp(
    ['run', '.', '--timeout', '1s', '--reporter', 'json'],
    io,
    () => () => undefined,
  );
  const took = performance.now() - started;
  expect(code).toBe(1);
  expect(err.join('\n')).toContain('The run has taken its --timeout of 1 s: stopping it.');
  // The report says what ran: the quick step passed, the long one was cut short.
  const run = JSON.parse(report) as JsonReport;
  expect(run.status).toBe('stopped');
  expect(run.scenarios[0]?.steps.map((s) => [s.name, s.state])).toEqual([
    ['quick', 'passed'],
    ['long', 'skipped'],
  ]);
  expect(took, 'ms from start to exit').toBeLessThan(15_000);
}, 30_000);

it('refuses a --timeout that is not a duration', () => {
  expect(() => parseTpArgs(['run', '.', '--timeout', '30'])).toThrow(UsageError);
  expect(() => parseTpArgs(['run', '.', '--timeout', '30'])).toThrow(
    '--timeout "30" is not a duration: write --timeout 30s, 10m or 500ms.',
  );
  expect(parseTpArgs(['run', '.', '--timeout', '2m'])).toMatchObject({ timeoutMs: 120_000 });
});
