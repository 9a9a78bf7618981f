// The run as the Runner tab and the CLI see it (contract/runner.ts, RunView): built once when the
// run starts, then changed in place as steps run; every change is sent out as a copy.
import { stepKind, type Step } from '../../../src-shared/collections/format';
import type {
  FileProblem,
  RunView,
  ScenarioRunView,
  StepState,
  StepView,
} from '../../../src-shared/contract';
import { ENDPOINTS } from '../../../src-shared/spec';
import type { LoadedScenario } from '../collections/load-collection';

/** A step's name when the file gives none: its kind and what it acts on. */
export function defaultStepName(step: Step): string {
  if ('request' in step) return `${step.request.endpoint} request`;
  if ('expect-delivery' in step) {
    const m = step['expect-delivery'].match;
    const what = m.msg_type ?? m.event ?? m.kind;
    return `expect a ${what ? `${what} ` : ''}delivery`;
  }
  if ('expect-forward' in step) return 'expect a forward';
  if ('simulate' in step) return `simulate ${step.simulate.action}`;
  if ('connect-user' in step) return 'connect a user';
  return `wait ${step.wait} ms`;
}

export function newStepView(step: Step, index: number): StepView {
  return {
    index,
    name: step.name ?? defaultStepName(step),
    kind: stepKind(step),
    state: 'waiting',
    always: step.always ?? false,
    durationMs: null,
    failure: null,
    checks: [],
    records: [],
    captures: {},
  };
}

export function newScenarioView(
  loaded: LoadedScenario,
  extraProblems: FileProblem[],
): ScenarioRunView {
  return {
    path: loaded.path,
    name: loaded.name,
    state: 'waiting',
    durationMs: null,
    problems: [...extraProblems, ...loaded.problems],
    steps: loaded.scenario?.steps.map(newStepView) ?? [],
  };
}

/** A step's copy: its own arrays and objects, so that later changes to the step do not show. */
const copyStep = (step: StepView): StepView => ({
  ...step,
  checks: step.checks.map((check) => ({ ...check })),
  records: [...step.records],
  captures: { ...step.captures },
});

/**
 * Copies of a run's view for runner.changed, which goes out once a step. A step changes only while
 * it runs: one waiting or ended keeps its copy until its state changes, and that copy is shared by
 * the later copies of the view. Copying every step each time made a run of N steps cost N² step
 * copies; the kept copies sit in arrays beside each scenario's steps, so telling what changed is a
 * comparison of states (a map lookup a step still cost a run of 200 steps ~10% of its time).
 */
export function createSnapshots(): (view: RunView) => RunView {
  const kept = new WeakMap<ScenarioRunView, { copies: StepView[]; states: StepState[] }>();
  const copySteps = (scenario: ScenarioRunView): StepView[] => {
    let memo = kept.get(scenario);
    if (!memo) {
      memo = { copies: [], states: [] };
      kept.set(scenario, memo);
    }
    const { steps } = scenario;
    const out = new Array<StepView>(steps.length);
    for (let i = 0; i < steps.length; i++) {
      const step = steps[i]!;
      const copy = memo.copies[i];
      if (copy && memo.states[i] === step.state && step.state !== 'running') {
        out[i] = copy;
        continue;
      }
      out[i] = memo.copies[i] = copyStep(step);
      memo.states[i] = step.state;
    }
    return out;
  };
  return (view) => ({
    ...view,
    counts: { ...view.counts },
    scenarios: view.scenarios.map((s) => ({
      ...s,
      problems: [...s.problems],
      steps: copySteps(s),
    })),
  });
}

/** Steps by state; a scenario that could not run (its file has problems) counts as one failure. */
export function countSteps(scenarios: readonly ScenarioRunView[]): RunView['counts'] {
  const counts = { passed: 0, failed: 0, skipped: 0, total: 0 };
  for (const s of scenarios) {
    if (s.problems.length > 0 && s.steps.length === 0) {
      counts.failed += 1;
      counts.total += 1;
      continue;
    }
    for (const step of s.steps) {
      counts.total += 1;
      if (step.state === 'passed' || step.state === 'failed' || step.state === 'skipped')
        counts[step.state] += 1;
    }
  }
  return counts;
}

/** A scenario's state from its steps: failed when one failed, skipped when none ran. */
export function scenarioState(s: ScenarioRunView): StepState {
  if (s.problems.length > 0) return 'failed';
  if (s.steps.some((step) => step.state === 'failed')) return 'failed';
  if (s.steps.some((step) => step.state === 'running')) return 'running';
  if (s.steps.every((step) => step.state === 'skipped')) return 'skipped';
  if (s.steps.some((step) => step.state === 'waiting')) return 'waiting';
  return 'passed';
}

/** `path:line: message`, each problem on its own. */
export function problemsText(problems: readonly FileProblem[]): string {
  return problems.map((p) => `${p.file}${p.line ? `:${p.line}` : ''}: ${p.message}`).join('\n');
}

/** The endpoints whose POST only reads or proves something (a token, an otp's check). */
const READ_ONLY_POSTS = new Set(['token', 'otp.verify']);

/** Whether a step may change what the platform holds (asked about on a profile not the sandbox). */
export function changesPlatform(step: Step): boolean {
  if ('simulate' in step || 'connect-user' in step) return true;
  if (!('request' in step)) return false;
  const endpoint = ENDPOINTS.find((e) => e.id === step.request.endpoint);
  return endpoint?.method === 'POST' && !READ_ONLY_POSTS.has(endpoint.id);
}

/** Local time as `2024-05-03 14:02:07`, for a session's default name. */
export function localTime(date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}
