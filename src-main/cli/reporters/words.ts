// How the command line says a run's parts in words: the progress lines and the pretty report share
// them, so a step reads the same while it runs and in the summary.
import type { ScenarioRunView, StepState, StepView } from '../../../src-shared/contract';
import { iterationPath } from '../../core/index';

export const MARKS: Record<StepState, string> = {
  passed: '✓',
  failed: '✗',
  skipped: '–',
  waiting: '·',
  running: '…',
};

export const isFinished = (state: StepState): boolean =>
  state === 'passed' || state === 'failed' || state === 'skipped';

/** `12 ms`, `1.25 s`, `2 min 5 s`. */
export function formatDuration(ms: number | null): string {
  if (ms === null) return '';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(2)} s`;
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}

/** A step's name, or its place and kind when the file gives it none. */
export const stepName = (step: StepView): string =>
  step.name.trim() || `step ${step.index + 1} (${step.kind})`;

/** `text.yaml [3/20] msg_type=sticker`: a data-driven run's scenario with its row; else the path. */
export const scenarioRunPath = (scenario: ScenarioRunView): string =>
  iterationPath(scenario.path, scenario.iteration);

export const scenarioName = (scenario: ScenarioRunView): string =>
  scenario.name === scenario.path
    ? scenarioRunPath(scenario)
    : `${scenario.name} (${scenarioRunPath(scenario)})`;

interface Tally {
  passed: number;
  failed: number;
  skipped: number;
  total: number;
}

const tally = (states: StepState[]): Tally => ({
  passed: states.filter((s) => s === 'passed').length,
  failed: states.filter((s) => s === 'failed').length,
  skipped: states.filter((s) => s === 'skipped').length,
  total: states.length,
});

export const scenarioTally = (scenarios: ScenarioRunView[]): Tally =>
  tally(scenarios.map((s) => s.state));

export const stepTally = (scenarios: ScenarioRunView[]): Tally =>
  tally(scenarios.flatMap((s) => s.steps.map((step) => step.state)));

/** `3 passed, 1 failed, 1 skipped` (what is 0 is left out, but never everything). */
export function sayTally(t: Tally): string {
  const parts = (['passed', 'failed', 'skipped'] as const)
    .filter((k) => t[k] > 0)
    .map((k) => `${t[k]} ${k}`);
  const rest = t.total - t.passed - t.failed - t.skipped;
  if (rest > 0) parts.push(`${rest} not run`);
  return parts.length > 0 ? parts.join(', ') : 'none';
}
