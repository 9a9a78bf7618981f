// Runs the unit, integration and e2e projects in one vitest run and ends with the one line that
// CI reads: "N passed, N failed, N skipped". Skipped tests are listed with their reason.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const report = 'test-results/vitest.json';
mkdirSync('test-results', { recursive: true });
rmSync(report, { force: true });

const run = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit' },
);

if (!existsSync(report)) {
  console.log('vitest wrote no report: it did not run to the end (see the output above).');
  console.log('0 passed, 1 failed');
  process.exit(run.status || 1);
}

/**
 * The part of vitest's JSON report read here.
 * @typedef {{ status: string, fullName: string, meta?: { skipReason?: string }, failureMessages?: string[] }} AssertionResult
 * @typedef {{ status: string, assertionResults?: AssertionResult[] }} FileResult
 * @type {{ testResults?: FileResult[], numPassedTests?: number, numFailedTests?: number, numPendingTests?: number, numTodoTests?: number }}
 */
const result = JSON.parse(readFileSync(report, 'utf8'));
const skipped = [];
for (const file of result.testResults ?? []) {
  for (const test of file.assertionResults ?? []) {
    if (test.status === 'skipped' || test.status === 'pending' || test.status === 'todo') {
      const note = test.meta?.skipReason ?? test.failureMessages?.[0] ?? '';
      skipped.push(`  skipped: ${test.fullName}${note ? ` (${note})` : ''}`);
    }
  }
}
if (skipped.length) console.log(['Skipped tests:', ...skipped].join('\n'));
const skippedCount = (result.numPendingTests ?? 0) + (result.numTodoTests ?? 0);
// A file that fails to load has no test results but must still count as a failure.
const brokenFiles = (result.testResults ?? []).filter(
  (f) => f.status === 'failed' && (f.assertionResults ?? []).length === 0,
).length;
const failed = (result.numFailedTests ?? 0) + brokenFiles;
console.log(`${result.numPassedTests ?? 0} passed, ${failed} failed, ${skippedCount} skipped`);
process.exit(run.status === 0 && failed === 0 ? 0 : 1);
