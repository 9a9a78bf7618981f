// For callers without a window (the command line): start a run and wait for its end.
import type { CommandInput, RunView } from '../../../src-shared/contract';
import type { Invoke } from '../dispatch';
import type { CoreEvents } from '../events';

/** A run that has ended: its status is final and its time is known. */
export const hasEnded = (view: RunView) =>
  (view.status === 'passed' || view.status === 'failed' || view.status === 'stopped') &&
  view.durationMs !== null;

/**
 * Starts a run (runner.start) and resolves with its view once it has ended (passed, failed or
 * stopped); another run may start from then on. `onChange` sees each runner.changed of the run
 * (progress). A run against a profile that is not the sandbox waits for runner.confirm before its
 * first step that may change the platform: give `confirmed: true` to run unattended.
 */
export async function runToEnd(
  invoke: Invoke,
  events: CoreEvents,
  request: CommandInput<'runner.start'>,
  onChange?: (view: RunView) => void,
): Promise<RunView> {
  let runId: string | null = null;
  // runner.changed of the run may come before runner.start answers with its id.
  const early: RunView[] = [];
  let finish: (view: RunView) => void = () => undefined;
  const ended = new Promise<RunView>((resolve) => (finish = resolve));
  const see = (view: RunView) => {
    onChange?.(view);
    if (hasEnded(view)) finish(view);
  };
  const stop = events.on('runner.changed', (view) => {
    if (runId === null) early.push(view);
    else if (view.runId === runId) see(view);
  });
  try {
    const started = await invoke('runner.start', request);
    runId = started.runId;
    for (const view of early) if (view.runId === runId) see(view);
    return await ended;
  } finally {
    stop();
  }
}
