// The runner domain: the current or last run as runner.changed pushes it, and the person's actions
// on it (start, stop, run again, run one step, answer the confirmation). Loaded again when the
// engine link returns, since events sent while it was down are lost. Starting a run shows the
// Runner view in the middle column, so its progress (or why it did not start) is in sight.
import { createStore } from 'zustand/vanilla';
import type { Bridge, ObservedField, RunRequest, RunView } from '../../../../src-shared/contract';
import type { Connection } from '../../bridge/connection';
import { errorMessage } from '../../errors';
import type { CenterStore } from '../workbench/center-store';

export interface RunnerState {
  run: RunView | null;
  /** The request of the last run started here: Run again repeats it. */
  lastRequest: RunRequest | null;
  /** What is asked of the engine now, in words ("Starting the run…"), or null. */
  busy: string | null;
  /** Why the last action failed, in words, until the next action. */
  error: string | null;
  /** Why the run could not be read from the engine. */
  loadError: string | null;
  reload(): Promise<void>;
  /** Starts a run and shows the Runner view; false when the engine refused it (`error` says why). */
  start(request: RunRequest): Promise<boolean>;
  stop(): Promise<boolean>;
  runAgain(): Promise<boolean>;
  /**
   * Run with data…: the data files of the run's collection, and the one its collection.yaml names;
   * or why they could not be listed, in words.
   */
  dataFiles(): Promise<{ files: string[]; default: string | null } | { error: string }>;
  /** Runs the last run again with a data file of its collection: each scenario once per row. */
  runWithData(file: string): Promise<boolean>;
  /**
   * Update snapshots: the last run again, each snapshot check storing what it sees instead of
   * comparing. Run again after it compares again: a snapshot is written only when asked.
   */
  updateSnapshots(): Promise<boolean>;
  /** Runs one step of one scenario of the run's collection (the steps before it are not run). */
  runStep(path: string, index: number): Promise<boolean>;
  /**
   * Check this: a check that `field` equals the value the run saw, added to step `index` of the
   * run's scenario `path` and saved there. Answers where it went, or why it did not, in words.
   */
  addCheck(
    path: string,
    step: { index: number; name: string },
    field: ObservedField,
  ): Promise<{ ok: boolean; text: string }>;
  /** The answer to the run's question: go on against a profile that is not the sandbox, or stop. */
  confirm(proceed: boolean): Promise<boolean>;
}

export type RunnerStore = ReturnType<typeof createRunnerStore>;

const FINISHED: ReadonlySet<RunView['status']> = new Set(['passed', 'failed', 'stopped']);

export function isFinished(run: RunView): boolean {
  return FINISHED.has(run.status);
}

/** How far a run has gone: the steps that left `waiting`, and whether it ended. */
function progress(run: RunView): number {
  const started = run.scenarios.reduce(
    (n, s) => n + s.steps.filter((step) => step.state !== 'waiting').length,
    0,
  );
  return started + (isFinished(run) ? 1_000_000 : 0);
}

/**
 * Whether a command's answer may replace what is shown. runner.changed arrives in order and always
 * wins; an answer was taken before the events that may have overtaken it, so it only replaces a
 * view of another run or one that has gone less far.
 */
function answerIsNewer(answer: RunView, shown: RunView | null): boolean {
  if (!shown || shown.runId !== answer.runId) return true;
  return progress(answer) >= progress(shown);
}

/** The request a run was started with, as far as the run tells it (for a run started elsewhere). */
function requestOf(run: RunView): RunRequest {
  return { folder: run.folder, profileId: run.profileId };
}

export function createRunnerStore(bridge: Bridge, connection: Connection, center: CenterStore) {
  const store = createStore<RunnerState>()((set, get) => {
    /** Runs one runner command with its words; its failure is kept in words. */
    async function act(
      busy: string,
      failure: string,
      call: () => Promise<RunView>,
    ): Promise<boolean> {
      set({ busy, error: null });
      try {
        const answer = await call();
        set((s) => ({ busy: null, ...(answerIsNewer(answer, s.run) ? { run: answer } : {}) }));
        return true;
      } catch (err) {
        set({ busy: null, error: `${failure}: ${errorMessage(err)}` });
        return false;
      }
    }

    async function launch(request: RunRequest, words: string): Promise<boolean> {
      // Every run asks again before it changes a profile that is not the sandbox: a confirmation
      // given once is never replayed by Run again, nor is a choice to update snapshots.
      const asked: RunRequest = { ...request };
      delete asked.confirmed;
      const repeated: RunRequest = { ...asked };
      delete repeated.updateSnapshots;
      set({ lastRequest: repeated });
      center.getState().show('runner');
      return act(words, 'The run did not start', () => bridge.invoke('runner.start', asked));
    }

    /** The run's id for stop and confirm, or the words of why there is none. */
    function currentRunId(what: string): string | null {
      const run = get().run;
      if (run) return run.runId;
      set({ error: `There is no run to ${what}: start one from the Collections tab.` });
      return null;
    }

    return {
      run: null,
      lastRequest: null,
      busy: null,
      error: null,
      loadError: null,
      async reload() {
        try {
          const { run } = await bridge.invoke('runner.state', {});
          set({ run, loadError: null });
        } catch (err) {
          set({ loadError: `Could not read the runner's state: ${errorMessage(err)}` });
        }
      },
      start: (request) => launch(request, 'Starting the run…'),
      updateSnapshots() {
        const { lastRequest, run } = get();
        const request = lastRequest ?? (run ? requestOf(run) : null);
        if (!request) {
          set({ error: 'There is no run to repeat yet: start one from the Collections tab.' });
          return Promise.resolve(false);
        }
        return launch({ ...request, updateSnapshots: true }, 'Running again, updating snapshots…');
      },
      runAgain() {
        const { lastRequest, run } = get();
        const request = lastRequest ?? (run ? requestOf(run) : null);
        if (!request) {
          set({ error: 'There is no run to repeat yet: start one from the Collections tab.' });
          return Promise.resolve(false);
        }
        return launch(request, 'Starting the run again…');
      },
      async dataFiles() {
        const folder = get().run?.folder ?? get().lastRequest?.folder;
        if (!folder) return { error: 'There is no collection to take a data file from yet.' };
        try {
          return await bridge.invoke('runner.dataFiles', { folder });
        } catch (err) {
          return { error: `The collection's data files could not be listed: ${errorMessage(err)}` };
        }
      },
      runWithData(file) {
        const { lastRequest, run } = get();
        const base = lastRequest ?? (run ? requestOf(run) : null);
        if (!base) {
          set({ error: 'There is no collection to run with data: open one in Collections.' });
          return Promise.resolve(false);
        }
        // The whole of what ran before, over each row: one step alone is not a data-driven run.
        const request: RunRequest = { ...base, data: file };
        delete request.only;
        return launch(request, `Starting the run with ${file}…`);
      },
      runStep(path, index) {
        const { lastRequest, run } = get();
        const base = lastRequest ?? (run ? requestOf(run) : null);
        if (!base) {
          set({ error: 'There is no collection to run a step of: open one in Collections.' });
          return Promise.resolve(false);
        }
        const request: RunRequest = { ...base, only: { path, index } };
        delete request.paths;
        return launch(request, `Running step ${index + 1} of ${path} alone…`);
      },
      async addCheck(path, { index, name }, field) {
        const folder = get().run?.folder;
        if (!folder) return { ok: false, text: 'There is no run to take the value from.' };
        const shown = `${field.path} = ${JSON.stringify(field.value)}`;
        try {
          const added = await bridge.invoke('collections.addCheck', {
            folder,
            path,
            index,
            stepName: name,
            check: field,
          });
          const where = added.kind === 'request' ? 'expect.body' : 'data';
          return {
            ok: true,
            text: `Added the check ${shown} to step ${index + 1}, ${added.stepName}, of ${path} (under ${where}), and saved it.`,
          };
        } catch (err) {
          return { ok: false, text: `The check ${shown} was not added: ${errorMessage(err)}` };
        }
      },
      async stop() {
        const runId = currentRunId('stop');
        if (!runId) return false;
        return act('Stopping the run…', 'The run did not stop', () =>
          bridge.invoke('runner.stop', { runId }),
        );
      },
      async confirm(proceed) {
        const runId = currentRunId(proceed ? 'go on with' : 'cancel');
        if (!runId) return false;
        return act(
          proceed ? 'Going on with the run…' : 'Cancelling the run…',
          proceed ? 'The run could not go on' : 'The run could not be cancelled',
          () => bridge.invoke('runner.confirm', { runId, proceed }),
        );
      },
    };
  });

  function start(): () => void {
    const offs = [
      bridge.on('runner.changed', (run) => store.setState({ run, loadError: null })),
      connection.subscribe((next) => {
        if (next.status === 'connected') void store.getState().reload();
      }),
    ];
    void store.getState().reload();
    return () => offs.forEach((off) => off());
  }

  return Object.assign(store, { start });
}
