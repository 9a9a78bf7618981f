// A snapshot check in the reports: one written rather than compared says "written" (the pretty
// report's ✎ line, JUnit's <system-out>), and a failed one shows its diff in the failure text.
import { describe, expect, it } from 'vitest';
import { junitReport } from '../../../src-main/cli/reporters/junit';
import { prettyReport } from '../../../src-main/cli/reporters/pretty';
import type { RunView } from '../../../src-shared/contract';
import { RUN_FIXTURE } from './run-fixture';

const WRITTEN =
  'snapshot "token" written to __snapshots__/auth/app-token.yaml for the first time (later runs compare with it)';
const DIFF =
  '1 difference: data.body: "Hello" → "Hi". If the change is intended, run again with --update-snapshots (in the Runner: Update snapshots).';

/** The fixture, its passed first step having written a snapshot and its failed step one compared. */
function withSnapshots(): RunView {
  const view = structuredClone(RUN_FIXTURE);
  view.scenarios[0]!.steps[0]!.checks.push({
    label: 'snapshot token',
    passed: true,
    expected: 'as stored in __snapshots__/auth/app-token.yaml',
    actual: 'stored',
    note: WRITTEN,
  });
  const failed = view.scenarios.flatMap((s) => s.steps).find((s) => s.state === 'failed')!;
  failed.checks = [
    {
      label: 'snapshot message',
      passed: false,
      expected: "the delivery's data JSON as stored in __snapshots__/sends/text.yaml",
      actual: DIFF,
    },
  ];
  failed.failure = `snapshot message: expected the delivery's data JSON as stored in __snapshots__/sends/text.yaml, got ${DIFF}`;
  return view;
}

describe('snapshot checks in the reports', () => {
  it('the pretty report says a snapshot was written, and shows a mismatch as its diff', () => {
    const text = prettyReport(withSnapshots());
    expect(text).toContain(`    ✎ get the app token: ${WRITTEN}\n`);
    expect(text).toContain(
      `        snapshot message: expected the delivery's data JSON as stored in __snapshots__/sends/text.yaml, got ${DIFF}\n`,
    );
  });

  it("JUnit keeps a written snapshot's words in the passed test case's output, and the diff in the failure", () => {
    const xml = junitReport(withSnapshots());
    expect(xml).toMatch(
      /<testcase name="get the app token"[^>]*>\s*<system-out>snapshot "token" written to __snapshots__\/auth\/app-token\.yaml/,
    );
    expect(xml).toContain('data.body: &quot;Hello&quot; → &quot;Hi&quot;');
  });
});
