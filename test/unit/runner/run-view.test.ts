// The copies of a run's view that runner.changed sends: each shows the run as it was when it was
// made, whatever the run changes afterwards, and a step that did not change keeps its copy.
import { describe, expect, it } from 'vitest';
import { createSnapshots } from '../../../src-main/core/runner/run-view';
import type { RunView } from '../../../src-shared/contract';
import { finishedRun, stepView } from '../../helpers/run-view-fixture';

function runningView(): RunView {
  const view = finishedRun();
  view.status = 'running';
  view.scenarios[0]!.steps = [stepView(0), stepView(1), stepView(2)];
  return view;
}

describe('run view snapshots', () => {
  it('keeps what each copy showed when the run changes later', () => {
    const snapshot = createSnapshots();
    const view = runningView();
    const steps = view.scenarios[0]!.steps;
    steps[0]!.state = 'running';
    const passedBefore = view.counts.passed;
    const first = snapshot(view);
    steps[0]!.state = 'passed';
    steps[0]!.records = [7];
    steps[0]!.captures.ada = 'u1';
    steps[1]!.state = 'running';
    view.counts.passed += 1;
    const second = snapshot(view);

    expect(first.scenarios[0]!.steps.map((s) => s.state)).toEqual([
      'running',
      'waiting',
      'waiting',
    ]);
    expect(first.scenarios[0]!.steps[0]!.captures).toEqual({});
    expect(first.counts.passed).toBe(passedBefore);
    expect(second.scenarios[0]!.steps.map((s) => s.state)).toEqual([
      'passed',
      'running',
      'waiting',
    ]);
    expect(second.scenarios[0]!.steps[0]).toMatchObject({ records: [7], captures: { ada: 'u1' } });
    expect(second.counts.passed).toBe(passedBefore + 1);
  });

  it('shares the copy of a step whose state did not change, and copies a running one afresh', () => {
    const snapshot = createSnapshots();
    const view = runningView();
    const steps = view.scenarios[0]!.steps;
    steps[0]!.state = 'passed';
    steps[1]!.state = 'running';
    const first = snapshot(view);
    steps[1]!.durationMs = 5;
    const second = snapshot(view);

    expect(second.scenarios[0]!.steps[0]).toBe(first.scenarios[0]!.steps[0]);
    expect(second.scenarios[0]!.steps[2]).toBe(first.scenarios[0]!.steps[2]);
    expect(second.scenarios[0]!.steps[1]).not.toBe(first.scenarios[0]!.steps[1]);
    expect(second.scenarios[0]!.steps[1]!.durationMs).toBe(5);
    expect(second.scenarios[0]!.steps[0]).not.toBe(steps[0]);
  });
});
