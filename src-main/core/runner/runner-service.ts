// The runner: one run at a time of a collection's scenarios, as a named journal session, against a
// profile. Scenarios in order, steps in order; a failed step skips the rest of its scenario but its
// `always` steps; `bail` ends the run after the first failed scenario. Against a profile that is not
// the sandbox, the run asks before its first step that may change the platform, and on any profile
// before it forwards deliveries off this machine (run-inbound.ts). Every change goes out as
// runner.changed.
import { errorText } from '../../../src-shared/contract/errors';
import {
  CommandError,
  type RunView,
  type ScenarioRunView,
  type StepState,
} from '../../../src-shared/contract';
import { join } from 'node:path';
import type { Scenario } from '../../../src-shared/collections/format';
import { loadRunCollection } from './run-collection';
import { mergeSetups, runInboundScope } from './run-inbound';
import { endRun } from './run-end';
import { openRunInbox } from './run-inbox';
import { startRunSession, type RunSession } from './run-session';
import { journalStep, runStep } from './run-step';
import {
  changesPlatform,
  createSnapshots,
  defaultSessionName,
  problemsText,
  scenarioState,
  skipSteps,
} from './run-view';
import { RunStopped } from './step-context';
import { stepPlace } from './variables';
import { iterationPath, unusedColumnsWarning } from './data/run-iterations';
import { planRun } from './data/plan-run';
import { stepEnvOf, type ActiveRun, type RunInput, type RunnerDeps } from './active-run';

interface RunnerService {
  start(request: RunInput): Promise<RunView>;
  stop(runId: string): RunView;
  confirm(runId: string, proceed: boolean): RunView;
  state(): RunView | null;
}

const stateOf = (view: { state: StepState }): StepState => view.state;

export function createRunnerService(deps: RunnerDeps): RunnerService {
  let active: ActiveRun | null = null;
  let last: RunView | null = null;
  let counter = 0;
  const snapshot = createSnapshots();

  // The copy's counts are the snapshot's own, kept as the steps change: the live view has its
  // counts only once the run has ended (counting every step at each change cost O(N) a step).
  const emit = (run: ActiveRun) => {
    last = snapshot(run.view);
    deps.events.emit('runner.changed', last);
  };

  const mine = (runId: string): ActiveRun => {
    if (active && active.view.runId === runId) return active;
    throw new CommandError({
      code: 'not_found',
      message: `There is no run ${runId} going on${last ? ` (the last run, ${last.runId}, has ended)` : ''}. Start one with Run.`,
    });
  };

  /** Waits for runner.confirm; false when the person declines or stops the run. */
  const askToGoOn = (run: ActiveRun, question: string): Promise<boolean> =>
    new Promise((resolve) => {
      run.view.status = 'awaiting-confirmation';
      run.view.question = question;
      run.answer = resolve;
      emit(run);
    });

  /** Asks once a run (`confirmed`, --yes, answers for the rest); false: declined or stopped. */
  async function goOn(run: ActiveRun, question: string): Promise<boolean> {
    if (run.confirmed) return true;
    const proceed = await askToGoOn(run, question);
    run.answer = null;
    run.view.question = null;
    if (!proceed) {
      run.abort.abort();
      return false;
    }
    run.confirmed = true;
    run.view.status = 'running';
    return true;
  }

  const ask = (run: ActiveRun) => (question: string) => goOn(run, question);

  async function runScenario(run: ActiveRun, scenarioView: ScenarioRunView, index: number) {
    const { scenario, row } = run.plan[index]!;
    const loaded = run.collection.scenarios[scenario]!;
    const started = performance.now();
    const finish = () => {
      scenarioView.state = scenarioState(scenarioView);
      scenarioView.durationMs = Math.round(performance.now() - started);
      emit(run);
    };
    if (scenarioView.problems.length > 0 || !loaded.scenario) {
      scenarioView.state = 'failed';
      const text = `${loaded.path} cannot run: ${problemsText(scenarioView.problems)}`;
      deps.journal.append({
        kind: 'system',
        summary: `Scenario ${loaded.path}: failed before its first step`,
        profileId: run.profile.id,
        system: {
          level: 'warn',
          message: text,
          step: {
            scenario: iterationPath(loaded.path, scenarioView.iteration),
            index: null,
            state: 'failed',
          },
        },
      });
      skipSteps(scenarioView, `Not run: ${text}`);
      return finish();
    }
    const own = loaded.scenario.inbound;
    if (own) {
      const scope = `scenario ${loaded.path}`;
      const applied = await run.inboundScope.enter(
        mergeSetups(run.collection.inbound, own)!,
        scope,
        ask(run),
      );
      if (!applied) {
        skipSteps(scenarioView, 'Not run: the run was stopped at the question before it.');
        return finish();
      }
      try {
        await runSteps(run, scenarioView, loaded.path, loaded.scenario, row);
      } finally {
        run.inboundScope.restore(run.collection.inbound, scope);
      }
    } else await runSteps(run, scenarioView, loaded.path, loaded.scenario, row);
    finish();
  }

  async function runSteps(
    run: ActiveRun,
    scenarioView: ScenarioRunView,
    path: string,
    scenario: Scenario,
    row: Record<string, string>,
  ) {
    const env = stepEnvOf(deps, run, scenario, row, {
      ask: (question) => {
        run.view.question = question;
        emit(run);
      },
      confirm: (question) => goOn(run, question),
    });
    // Its records and messages name the row too: a data-driven run runs the file once per row.
    const named = iterationPath(path, scenarioView.iteration);
    const scenarioFile = { path: named, file: join(run.collection.folder, path) };
    let firstFailure: number | null = null;
    const only = run.request.only;
    const steps = scenario.steps;
    for (let i = 0; i < steps.length; i++) {
      const step = steps[i]!;
      const view = scenarioView.steps[i]!;
      if (run.abort.signal.aborted) {
        view.state = 'skipped';
        view.failure = 'Not run: the run was stopped.';
        continue;
      }
      if (only && i !== only.index) {
        view.state = 'skipped';
        view.failure = `Not run: only step ${only.index + 1} was asked for.`;
        continue;
      }
      if (firstFailure !== null && !view.always) {
        view.state = 'skipped';
        view.failure = `Skipped: step ${firstFailure + 1} failed (only steps marked \`always\` run after a failure).`;
        continue;
      }
      if (!run.view.sandbox && !run.confirmed && changesPlatform(step)) {
        const place = stepPlace(named, i, view.name);
        const proceed = await goOn(
          run,
          `This run is against "${run.profile.name}" (${run.profile.baseUrl}), not the sandbox, and ${place} may change what the platform holds (contacts, messages, users). Go on with the run, or stop it?`,
        );
        if (!proceed) {
          view.state = 'skipped';
          view.failure = 'Not run: the run was stopped at the question before it.';
          continue;
        }
      }
      view.state = 'running';
      emit(run);
      try {
        await runStep(env, scenarioFile, step, view);
      } catch (err) {
        if (!(err instanceof RunStopped)) throw err;
        view.state = 'skipped';
        view.failure = 'Stopped while it ran: the run was stopped.';
        journalStep(env, named, view);
      }
      // runStep changed the state: read it afresh (the compiler still sees 'running').
      if (stateOf(view) === 'failed' && firstFailure === null) firstFailure = i;
      // No emit of its own: the next step's start (or the scenario's finish) follows in this same
      // turn and announces this step's outcome with it. One copy of the view a step instead of two.
    }
  }

  async function execute(run: ActiveRun) {
    const unused = unusedColumnsWarning(run.view.data);
    if (unused)
      deps.journal.append({
        kind: 'system',
        summary: unused,
        system: { level: 'warn', message: unused },
      });
    const setup = run.collection.inbound;
    // Declined: nothing of the run is set up, and every scenario reads "the run was stopped".
    if (setup && (await run.inboundScope.enter(setup, 'the run', ask(run)))) {
      try {
        await runScenarios(run);
      } finally {
        run.inboundScope.restore(undefined, 'the run');
      }
    } else await runScenarios(run);
    endRun(run.view, run.profile, deps.journal, run.abort.signal.aborted, run.startedAt);
  }

  async function runScenarios(run: ActiveRun) {
    let bailed = false;
    for (const [i, scenarioView] of run.view.scenarios.entries()) {
      if (run.abort.signal.aborted || bailed) {
        scenarioView.state = 'skipped';
        skipSteps(
          scenarioView,
          bailed
            ? `Not run: an earlier ${scenarioView.iteration ? 'iteration' : 'scenario'} failed, and the run stops at the first failure (bail).`
            : 'Not run: the run was stopped.',
        );
        continue;
      }
      scenarioView.state = 'running';
      emit(run);
      await runScenario(run, scenarioView, i);
      if (run.request.bail && stateOf(scenarioView) === 'failed') bailed = true;
    }
  }

  return {
    async start(request) {
      if (active)
        throw new CommandError({
          code: 'conflict',
          message: `A run is already going on (${active.view.name}). Wait for it to end, or stop it, then run again.`,
        });
      const profile = deps.profiles.require(request.profileId);
      const collection = await loadRunCollection(request, deps.inbound.whyReceiver);
      const { views, plan, data, profileVariables } = await planRun(
        deps.invoke,
        collection,
        request,
        profile.id,
      );
      const before = await deps.invoke('sessions.list', {});
      const name =
        request.sessionName ??
        defaultSessionName(
          collection.name,
          before.sessions.map((s) => s.name),
        );
      const inbox = openRunInbox(deps.events);
      let session: RunSession;
      try {
        session = await startRunSession(deps.invoke, deps.journal, name, before);
      } catch (err) {
        inbox.close();
        throw err;
      }
      counter += 1;
      const run: ActiveRun = {
        view: {
          runId: `run-${Date.now().toString(36)}-${counter}`,
          sessionId: session.id,
          name,
          folder: collection.folder,
          profileId: profile.id,
          sandbox: profile.kind === 'sandbox',
          status: 'running',
          startedAt: new Date().toISOString(),
          durationMs: null,
          question: null,
          scenarios: views,
          ...(data ? { data } : {}),
          counts: { passed: 0, failed: 0, skipped: 0, total: 0 },
        },
        request,
        collection,
        profile,
        abort: new AbortController(),
        confirmed: request.confirmed,
        answer: null,
        inbox,
        plan,
        startedAt: performance.now(),
        profileVariables,
        secrets: new Set(),
        inboundScope: runInboundScope(deps, profile),
      };
      active = run;
      emit(run);
      void execute(run)
        .catch((err: unknown) => {
          run.view.status = 'failed';
          run.view.durationMs = Math.round(performance.now() - run.startedAt);
          run.view.question = `The run ended unexpectedly: ${errorText(err)}. The event log has the details.`;
          deps.journal.append({
            kind: 'system',
            summary: `Run ${run.view.name} ended unexpectedly`,
            system: { level: 'error', message: String(err instanceof Error ? err.stack : err) },
          });
        })
        // The run's last record is written: the person's session resumes before the run is
        // announced as ended, so whoever waits for the end finds their session open again.
        .then(() => session.end())
        .finally(() => {
          inbox.close();
          active = null;
          emit(run);
        });
      return snapshot(run.view);
    },

    stop(runId) {
      const run = mine(runId);
      run.abort.abort();
      run.answer?.(false);
      return snapshot(run.view);
    },

    confirm(runId, proceed) {
      const run = mine(runId);
      if (!run.answer)
        throw new CommandError({
          code: 'conflict',
          message: 'The run is not waiting for an answer: there is nothing to confirm.',
        });
      run.answer(proceed);
      return snapshot(run.view);
    },

    state: () => (active ? snapshot(active.view) : last),
  };
}
