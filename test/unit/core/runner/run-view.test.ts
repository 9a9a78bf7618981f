// The copies of a run's view that runner.changed sends: each shows the run as it was when it was
// made, whatever the run changes afterwards, and a step that did not change keeps its copy.
import { describe, expect, it } from 'vitest';
import {
  countSteps,
  createSnapshots,
  defaultSessionName,
} from '../../../../src-main/core/runner/run-view';
import type { RunView } from '../../../../src-shared/contract';
import { finishedRun, stepView } from '../../../helpers/run-view-fixture';

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
    const countsBefore = countSteps(view.scenarios);
    const first = snapshot(view);
    steps[0]!.state = 'passed';
    steps[0]!.records = [7];
    steps[0]!.captures.ada = 'u1';
    steps[1]!.state = 'running';
    const second = snapshot(view);

    expect(first.scenarios[0]!.steps.map((s) => s.state)).toEqual([
      'running',
      'waiting',
      'waiting',
    ]);
    expect(first.scenarios[0]!.steps[0]!.captures).toEqual({});
    expect(first.counts).toEqual(countsBefore);
    expect(second.scenarios[0]!.steps.map((s) => s.state)).toEqual([
      'passed',
      'running',
      'waiting',
    ]);
    expect(second.scenarios[0]!.steps[0]).toMatchObject({ records: [7], captures: { ada: 'u1' } });
    expect(second.counts).toEqual({ ...countsBefore, passed: countsBefore.passed + 1 });
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

describe('run view snapshots through a whole run', () => {
  /** A run of two scenarios of five steps, as the runner takes them: in order, a copy each change. */
  function playRun(): { copies: RunView[]; seen: RunView[]; view: RunView } {
    const snapshot = createSnapshots();
    const view = finishedRun();
    view.status = 'running';
    view.scenarios = [0, 1].map((n) => ({
      ...view.scenarios[0]!,
      path: `s${n}.yaml`,
      state: 'waiting' as const,
      steps: [0, 1, 2, 3, 4].map((i) => stepView(i, { always: i === 4 })),
    }));
    const copies: RunView[] = [];
    const seen: RunView[] = [];
    const take = () => {
      copies.push(snapshot(view));
      seen.push(structuredClone(view));
    };
    take();
    const [first, second] = view.scenarios.map((s) => s.steps);
    for (const [i, step] of first!.entries()) {
      step.state = 'running';
      take();
      step.durationMs = i;
      step.records = [i + 1];
      step.state = i === 2 ? 'failed' : 'passed';
      if (i === 2) {
        // A failure skips the rest but an `always` step, without a copy in between.
        first![3]!.state = 'skipped';
        first![3]!.failure = 'Skipped.';
        first![4]!.state = 'running';
        take();
        first![4]!.state = 'passed';
        break;
      }
    }
    // The run stops at the first failed scenario: every step of the next one is skipped at once.
    for (const step of second!) step.state = 'skipped';
    view.status = 'failed';
    take();
    return { copies, seen, view };
  }

  it('gives each change a copy of the run as it was then, and leaves the earlier ones as they were', () => {
    const { copies, seen, view } = playRun();
    for (const [i, copy] of copies.entries()) {
      // The counts are the copy's own, of its steps (the live view has them only at the end).
      const was = seen[i]!;
      expect(copy, `copy ${i}`).toEqual({ ...was, counts: countSteps(was.scenarios) });
    }
    expect(copies.at(-1)!.counts).toEqual({ passed: 3, failed: 1, skipped: 6, total: 10 });
    // No copy shares a step object or a steps array with the run itself.
    const live = new Set<object>(view.scenarios.flatMap((s) => [s.steps, ...s.steps]));
    for (const copy of copies)
      for (const s of copy.scenarios)
        for (const o of [s.steps, ...s.steps]) expect(live.has(o)).toBe(false);
  });

  it("copies a scenario's steps only when one of them changed", () => {
    const { copies } = playRun();
    // While the first scenario runs, the second's steps (all waiting) are the same array.
    expect(copies[2]!.scenarios[1]!.steps).toBe(copies[1]!.scenarios[1]!.steps);
    expect(copies[2]!.scenarios[0]!.steps).not.toBe(copies[1]!.scenarios[0]!.steps);
    // A step that ended keeps its copy in every later view of the run.
    expect(copies.at(-1)!.scenarios[0]!.steps[0]).toBe(copies[2]!.scenarios[0]!.steps[0]);
  });
});

describe('defaultSessionName', () => {
  const at = new Date(2026, 10, 25, 14, 2, 7);
  it('is the collection and the local time, with a number when a session has that name', () => {
    expect(defaultSessionName('Smoke', ['Default'], at)).toBe('Smoke 2026-11-25 14:02:07');
    expect(defaultSessionName('Smoke', ['Smoke 2026-11-25 14:02:07'], at)).toBe(
      'Smoke 2026-11-25 14:02:07 (2)',
    );
    expect(
      defaultSessionName(
        'Smoke',
        [
          'Smoke 2026-11-25 14:02:07',
          'Smoke 2026-11-25 14:02:07 (2)',
          'Smoke 2026-11-25 14:02:07 (4)',
        ],
        at,
      ),
    ).toBe('Smoke 2026-11-25 14:02:07 (3)');
  });
});
