// Live records on their way into the Event log's view. They come by the hundred a second and are
// applied together, at most every LIVE_MIN_GAP_MS (log-store.ts); while the view's query is in
// flight they are held, since its answer covers some of them (the store drops those at or before
// its throughSeq) and applying them first would count them twice or put them before rows the
// answer replaces.
//
// Its invariants (live-queue.test.ts): nothing is applied while held; every record pushed is applied
// exactly once, in the order pushed, unless dropped; no batch is empty; at most one flush waits for
// a frame; release applies what waited at once, not a frame later.
import type { JournalRecord } from '../../../../src-shared/contract';

interface LiveQueue {
  /** A record arrived: applied with the others of its frame (not before release while held). */
  push(record: JournalRecord): void;
  /** A view's query is in flight: nothing is applied until release. */
  hold(): void;
  /** The view's answer is in (or failed): what came meanwhile is applied now, in one batch. */
  release(): void;
  /** Another view begins: what is queued belonged to the old one. */
  drop(): void;
}

/**
 * `apply` takes a batch; `schedule` runs the flush later, given when the last batch was applied (a
 * performance.now() time), so batches come at most so often.
 */
export function liveQueue(
  apply: (batch: JournalRecord[]) => void,
  schedule: (flush: () => void, appliedAt: number) => void,
): LiveQueue {
  const state = {
    pending: [] as JournalRecord[],
    held: false,
    /** A flush is scheduled. */
    scheduled: false,
    appliedAt: -Infinity,
  };
  const flush = () => {
    state.scheduled = false;
    if (state.held || state.pending.length === 0) return;
    const batch = state.pending;
    state.pending = [];
    state.appliedAt = performance.now();
    apply(batch);
  };
  return {
    push(record) {
      state.pending.push(record);
      if (state.scheduled || state.held) return;
      state.scheduled = true;
      schedule(flush, state.appliedAt);
    },
    hold() {
      state.held = true;
    },
    release() {
      state.held = false;
      flush();
    },
    drop() {
      state.pending = [];
    },
  };
}
