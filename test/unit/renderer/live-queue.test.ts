// The Event log's queue of live records states its invariants: nothing applied while the view's
// query is held, each record applied once and in order, no empty batch, one flush waiting at a time,
// and what waited during a query applied at its release without waiting for a frame.
import { describe, expect, it } from 'vitest';
import type { JournalRecord } from '../../../src-shared/contract';
import { liveQueue } from '../../../src-renderer/src/features/event-log/live-queue';

const record = (seq: number) => ({ seq }) as JournalRecord;

/** A queue whose frames the test runs by hand. */
function queueWithFrames() {
  const batches: number[][] = [];
  let frames: (() => void)[] = [];
  const queue = liveQueue(
    (batch) => batches.push(batch.map((r) => r.seq)),
    (flush) => frames.push(flush),
  );
  return {
    queue,
    batches,
    waiting: () => frames.length,
    frame() {
      const due = frames;
      frames = [];
      for (const run of due) run();
    },
  };
}

describe('liveQueue', () => {
  it('applies the records of a frame together, in order, with one flush scheduled', () => {
    const q = queueWithFrames();
    q.queue.push(record(1));
    q.queue.push(record(2));
    q.queue.push(record(3));
    expect(q.waiting()).toBe(1);
    expect(q.batches).toEqual([]);
    q.frame();
    expect(q.batches).toEqual([[1, 2, 3]]);
    // Nothing new: no frame is asked for, and an empty batch is never applied.
    q.frame();
    expect(q.batches).toEqual([[1, 2, 3]]);
    q.queue.push(record(4));
    q.frame();
    expect(q.batches).toEqual([[1, 2, 3], [4]]);
  });

  it('holds records during a query and applies them once at its release, not a frame later', () => {
    const q = queueWithFrames();
    q.queue.push(record(1));
    q.queue.hold();
    q.queue.push(record(2));
    // The frame comes while the query is in flight: nothing is applied.
    q.frame();
    expect(q.batches).toEqual([]);
    q.queue.push(record(3));
    expect(q.waiting()).toBe(0);
    q.queue.release();
    expect(q.batches).toEqual([[1, 2, 3]]);
    q.frame();
    expect(q.batches).toEqual([[1, 2, 3]]);
  });

  it('drops what was queued for the old view', () => {
    const q = queueWithFrames();
    q.queue.hold();
    q.queue.push(record(1));
    q.queue.drop();
    q.queue.push(record(2));
    q.queue.release();
    expect(q.batches).toEqual([[2]]);
  });
});
