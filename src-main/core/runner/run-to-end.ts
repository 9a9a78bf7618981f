// For callers without a window (the command line, the bench, tests): start a run and wait for its
// end, answering its question and stopping it when asked from outside.
import type { CommandInput, RunView } from '../../../src-shared/contract';
import type { Invoke } from '../dispatch';
import type { CoreEvents } from '../events';

/** A run that has ended: its status is final and its time is known. */
const hasEnded = (view: RunView) =>
  (view.status === 'passed' || view.status === 'failed' || view.status === 'stopped') &&
  view.durationMs !== null;

interface RunToEndOptions {
  /** Sees each runner.changed of the run (progress). */
  onChange?: (view: RunView) => void;
  /**
   * Answers the run's question (a profile that is not the sandbox, before the first step that may
   * change the platform): true goes on, false stops the run. Without it the question stays open,
   * as in the app until the person answers; `confirmed: true` in the request skips it.
   */
  answer?: (view: RunView) => boolean;
  /** Aborting it stops the run (runner.stop); the run still ends as `stopped`. */
  signal?: AbortSignal;
  /** Told when stopping or answering fails (the run goes on; it ends on its own). */
  report?: (message: string) => void;
}

/**
 * Starts a run (runner.start) and resolves with its view once it has ended (passed, failed or
 * stopped); another run may start from then on.
 */
export async function runToEnd(
  invoke: Invoke,
  events: CoreEvents,
  request: CommandInput<'runner.start'>,
  options: RunToEndOptions = {},
): Promise<RunView> {
  const { onChange, answer, signal, report = () => undefined } = options;
  let runId: string | null = null;
  // runner.changed of the run may come before runner.start answers with its id.
  const early: RunView[] = [];
  // The same question is sent again with each change while it waits: answer it once.
  const asked = new Set<string>();
  let finish: (view: RunView) => void = () => undefined;
  const ended = new Promise<RunView>((resolve) => (finish = resolve));
  const stopRun = () => {
    if (runId === null) return;
    invoke('runner.stop', { runId }).then(see, (err: unknown) => {
      report(`The run could not be stopped cleanly: ${String(err)}`);
    });
  };
  const see = (view: RunView) => {
    if (view.runId !== runId) return;
    onChange?.(view);
    if (hasEnded(view)) return finish(view);
    if (!answer || view.status !== 'awaiting-confirmation' || !view.question) return;
    const key = `${view.question}@${JSON.stringify(view.counts)}`;
    if (asked.has(key)) return;
    asked.add(key);
    invoke('runner.confirm', { runId: view.runId, proceed: answer(view) }).then(
      see,
      (err: unknown) => report(`The run's question could not be answered: ${String(err)}`),
    );
  };
  const stopListening = events.on('runner.changed', (view) => {
    if (runId === null) early.push(view);
    else see(view);
  });
  signal?.addEventListener('abort', stopRun);
  try {
    const started = await invoke('runner.start', request);
    runId = started.runId;
    for (const view of early.splice(0)) see(view);
    see(started);
    if (signal?.aborted) stopRun();
    return await ended;
  } finally {
    stopListening();
    signal?.removeEventListener('abort', stopRun);
  }
}
