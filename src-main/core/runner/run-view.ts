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
import { clockOffsetWords } from '../../../src-shared/rules/clock-advance';
import { ENDPOINTS } from '../../../src-shared/spec';
import type { LoadedScenario } from '../collections';

/** A step's name when the file gives none: its kind and what it acts on. */
function defaultStepName(step: Step): string {
  if ('request' in step) return `${step.request.endpoint} request`;
  if ('expect-delivery' in step) {
    const m = step['expect-delivery'].match;
    const what = m.msg_type ?? m.event ?? m.kind;
    return `expect a ${what ? `${what} ` : ''}delivery`;
  }
  if ('expect-forward' in step) return 'expect a forward';
  if ('simulate' in step) return `simulate ${step.simulate.action}`;
  if ('connect-user' in step) return 'connect a user';
  if ('advance-clock' in step)
    return `advance the sandbox clock by ${clockOffsetWords(step['advance-clock'])}`;
  if ('check-endpoint' in step) return `check the endpoint ${step['check-endpoint'].url}`;
  return `wait ${step.wait} ms`;
}

function newStepView(step: Step, index: number): StepView {
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

/** Every step of a scenario not run, with why in words. */
export function skipSteps(scenario: ScenarioRunView, why: string): void {
  for (const step of scenario.steps) {
    step.state = 'skipped';
    step.failure = why;
  }
}

/** A step's copy: its own arrays and objects, so that later changes to the step do not show. */
const copyStep = (step: StepView): StepView => ({
  ...step,
  checks: step.checks.map((check) => ({ ...check })),
  records: [...step.records],
  captures: { ...step.captures },
  ...(step.observed
    ? { observed: { source: step.observed.source, fields: [...step.observed.fields] } }
    : {}),
});

const ENDED: ReadonlySet<StepState> = new Set(['passed', 'failed', 'skipped']);

/** What the copies of one scenario's steps were at the last copy of the view. */
interface Kept {
  /** The steps array of the last copy (never changed: a change copies it first). */
  copies: StepView[];
  states: StepState[];
  /** The steps before it ended before the last copy: their copies are final. */
  settled: number;
  /** The steps of `copies` by state. */
  passed: number;
  failed: number;
  skipped: number;
}

/**
 * Copies of a run's view for runner.changed, which goes out once a step, with the counts of its
 * steps. Each copy is the run as it was when it was made, whatever changes after. A step's copy is
 * made again only when the step changed: copying every step each time made a run of N steps cost
 * N² step copies, and looking at (and counting) every step each time still cost N² looks, some 10%
 * of the runner's own time a step in a run of 200. So only the steps that may have changed are
 * looked at, from the first that had not ended at the last copy to the first still waiting, as the
 * runner goes: it takes a scenario's steps in order (a waiting step has only waiting ones after it)
 * and an ended step never changes again. A running step is copied afresh each time; a scenario's
 * steps array is copied only when one of its steps changed.
 */
export function createSnapshots(): (view: RunView) => RunView {
  const kept = new WeakMap<ScenarioRunView, Kept>();
  const count = (memo: Kept, state: StepState, by: number) => {
    if (state === 'passed') memo.passed += by;
    else if (state === 'failed') memo.failed += by;
    else if (state === 'skipped') memo.skipped += by;
  };
  const settle = (memo: Kept) => {
    while (memo.settled < memo.states.length && ENDED.has(memo.states[memo.settled]!))
      memo.settled++;
  };
  const copySteps = (scenario: ScenarioRunView): Kept => {
    const { steps } = scenario;
    let memo = kept.get(scenario);
    if (!memo) {
      memo = {
        copies: steps.map(copyStep),
        states: steps.map((s) => s.state),
        settled: 0,
        passed: 0,
        failed: 0,
        skipped: 0,
      };
      for (const state of memo.states) count(memo, state, 1);
      settle(memo);
      kept.set(scenario, memo);
      return memo;
    }
    let copies: StepView[] | null = null;
    for (let i = memo.settled; i < steps.length; i++) {
      const step = steps[i]!;
      const was = memo.states[i]!;
      if (step.state === was && step.state !== 'running') {
        if (step.state === 'waiting') break;
        continue;
      }
      copies ??= memo.copies.slice();
      copies[i] = copyStep(step);
      memo.states[i] = step.state;
      count(memo, was, -1);
      count(memo, step.state, 1);
    }
    if (copies) memo.copies = copies;
    settle(memo);
    return memo;
  };
  return (view) => {
    const counts = { passed: 0, failed: 0, skipped: 0, total: 0 };
    const scenarios = view.scenarios.map((s): ScenarioRunView => {
      const memo = copySteps(s);
      // A scenario that could not run (its file has problems) counts as one failure.
      if (s.problems.length > 0 && s.steps.length === 0) {
        counts.failed += 1;
        counts.total += 1;
      } else {
        counts.passed += memo.passed;
        counts.failed += memo.failed;
        counts.skipped += memo.skipped;
        counts.total += s.steps.length;
      }
      return { ...s, problems: [...s.problems], steps: memo.copies };
    });
    return { ...view, counts, scenarios };
  };
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
  if ('simulate' in step || 'connect-user' in step || 'advance-clock' in step) return true;
  if (!('request' in step)) return false;
  const endpoint = ENDPOINTS.find((e) => e.id === step.request.endpoint);
  return endpoint?.method === 'POST' && !READ_ONLY_POSTS.has(endpoint.id);
}

/**
 * A run's default session name: the collection's name and the local time, with ` (2)`, ` (3)`…
 * when a session already has it (two runs started within the same second).
 */
export function defaultSessionName(
  collectionName: string,
  taken: readonly string[],
  date = new Date(),
): string {
  const base = `${collectionName} ${localTime(date)}`;
  const names = new Set(taken);
  if (!names.has(base)) return base;
  let n = 2;
  while (names.has(`${base} (${n})`)) n += 1;
  return `${base} (${n})`;
}

/** Local time as `2024-05-03 14:02:07`, for a session's default name. */
function localTime(date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}
