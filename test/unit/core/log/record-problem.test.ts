// What the session's HTML report lists as a failed step: a step's record says how the step ended
// (system.step, written by the runner), so a passed step whose name reads "failed" is not one; a
// step's record of an older version, without it, is still told by its words.
import { describe, expect, it } from 'vitest';
import type { JournalRecord, StepView, SystemRecord } from '../../../../src-shared/contract';
import { problemsOf } from '../../../../src-main/core/log/html-report/record-problem';
import { journalStep, type StepEnv } from '../../../../src-main/core/runner/run-step';

/** The record journalStep writes for a step that ended as `state`, numbered as the journal would. */
function stepRecord(name: string, state: StepView['state']): SystemRecord {
  let written: unknown;
  const env = {
    deps: { journal: { append: (input: object) => (written = { ...input, seq: 1, at: 't' }) } },
    profile: { id: 'sandbox' },
  } as unknown as StepEnv;
  const view = {
    index: 1,
    name,
    kind: 'request',
    state,
    always: false,
    durationMs: 12,
    failure: state === 'failed' ? 'status: expected 201, got 200' : null,
    checks: [],
    records: [],
    captures: {},
  } as unknown as StepView;
  journalStep(env, 'login.yaml', view);
  return written as SystemRecord;
}

const categories = (r: JournalRecord) => problemsOf(r).map((p) => p.category);

describe('a failed step in the HTML report', () => {
  it('is a step whose record says it failed', () => {
    const failed = stepRecord('Log in', 'failed');
    expect(failed.system.step).toEqual({ scenario: 'login.yaml', index: 1, state: 'failed' });
    expect(categories(failed)).toEqual(['failed-step']);
    expect(problemsOf(failed)[0]?.words).toContain('status: expected 201, got 200');
  });

  it('is not a passed or skipped step whose name reads "failed"', () => {
    const passed = stepRecord('Log in: failed password', 'passed');
    expect(passed.summary).toMatch(/^Step 2 of login\.yaml, Log in: failed password: passed/);
    expect(categories(passed)).toEqual([]);
    expect(categories(stepRecord('Scenario: failed', 'skipped'))).toEqual([]);
  });

  it('is told by its words in a record of an older version, without the mark', () => {
    const older: JournalRecord = {
      seq: 3,
      at: 't',
      kind: 'system',
      summary: 'Step 2 of login.yaml, Log in: failed in 12 ms',
      system: { level: 'warn', message: 'Step 2 of login.yaml, Log in: failed in 12 ms.' },
    };
    expect(categories(older)).toEqual(['failed-step']);
    const scenario = { ...older, summary: 'Scenario login.yaml: failed before its first step' };
    expect(categories(scenario)).toEqual(['failed-step']);
  });
});
