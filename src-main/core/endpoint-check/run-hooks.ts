// What the app needs of a check while it runs, beside its report: to hear how far it has gone
// (endpointCheck.progress) and to stop it (endpointCheck.stop). The command line needs neither
// (Ctrl+C closes the engine), so both are optional and the battery's checks know of none.
import { CommandError } from '../../../src-shared/contract';
import type { CheckContext } from './check-context';
import type { SentDelivery } from './send-delivery';

export interface RunHooks {
  /** Stops the run before its next delivery. */
  signal?: AbortSignal;
  /** A check starts: its place in the run (from 1) of `total`. */
  onCheck?(check: { id: string; name: string }, index: number, total: number): void;
  /** One more delivery was sent: how many so far. */
  onSent?(sent: number): void;
}

/** The context's send, which sends nothing once stopped and counts what it sent. */
export function watchRun(ctx: CheckContext, hooks: RunHooks): CheckContext {
  const send = ctx.send.bind(ctx);
  let sent = 0;
  ctx.send = async (checkId, form, options) => {
    if (hooks.signal?.aborted) return STOPPED;
    const out = await send(checkId, form, options);
    if (!out.skipped) hooks.onSent?.(++sent);
    return out;
  };
  return ctx;
}

const STOPPED: SentDelivery = {
  status: null,
  ms: 0,
  seq: 0,
  skipped: true,
  error: 'not sent: the check was stopped',
};

/** Throws the words of a stopped run when it was asked to stop. */
export function throwIfStopped(hooks: RunHooks, url: string, done: number, total: number): void {
  if (!hooks.signal?.aborted) return;
  throw new CommandError({
    code: 'conflict',
    message: `The check of ${url} was stopped after ${done} of ${total} checks, so it has no report. The deliveries it sent are in the Event log, in its session “Endpoint check ${url}”. Run it again for a whole report.`,
  });
}
