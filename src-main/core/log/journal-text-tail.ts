// The full-text filter's bits (block-text-filter.ts) of the records appended since the journal was
// opened are set with the engine's spare time, not as each record is written: hashing a line's
// trigrams costs about as much as serialising it, and a burst of deliveries should spend its time
// on capturing them. A search is as right before the catch-up as after it: an entry no block covers
// is never ruled out, only read.
//
// The catch-up runs a slice at a time when the event loop was mostly idle over the last tick, and
// whatever the load once the backlog is large, so that a search never has more than that to read
// in full. Closing the journal catches up whole, so the saved index covers every record.
// "Mostly idle" is a low bar: a burst whose sender (or a busy machine) is the limit leaves the loop
// half idle, and a catch-up then takes the CPU from the next deliveries rather than from nothing.
import { performance } from 'node:perf_hooks';
import { textFilterOf } from './block-text-filter';
import type { IndexColumns } from './journal-index';
import { readAt } from './journal-lines';

/** How often the catch-up looks at the load, and the longest it runs at a time. */
const TICK_MS = 100;
const SLICE_MS = 10;
/** Busier than this over the last tick (the share of it spent running code): not now. */
const BUSY = 0.25;
/** Entries behind from which the catch-up runs whatever the load. */
const MAX_BEHIND = 65_536;
/** The most bytes of neighbouring lines read at once. */
const READ_BYTES = 1024 * 1024;

export interface TextTail {
  /** Entries of the segment that are not in the filter yet. */
  readonly behind: number;
  /** Sets every entry's bits now (before the index is saved). */
  catchUp(): void;
  stop(): void;
}

/** The share of the time since the last call that the event loop spent running code (0 to 1). */
type LoopUse = () => number;

function eventLoopUse(): LoopUse {
  let last = performance.eventLoopUtilization();
  return () => {
    const now = performance.eventLoopUtilization();
    const use = performance.eventLoopUtilization(now, last).utilization;
    last = now;
    return use;
  };
}

/**
 * Follows `segment` (whose entries from its current length on are lines appended to the file
 * `readFd` reads, in file order) and sets their bits in its text filter when there is time.
 */
export function followTextTail(
  segment: IndexColumns,
  readFd: number,
  loopUse: LoopUse = eventLoopUse(),
): TextTail {
  let from = segment.length;
  let slicing = false;
  let stopped = false;

  /** Adds entries from `from` on until `deadline`; true once none is left. */
  const addUntil = (deadline: number): boolean => {
    const filter = textFilterOf(segment);
    while (from < segment.length) {
      const first = segment.offset[from]!;
      let to = from + 1;
      while (
        to < segment.length &&
        segment.offset[to]! + segment.bytes[to]! - first <= READ_BYTES
      ) {
        to++;
      }
      const span = segment.offset[to - 1]! + segment.bytes[to - 1]! - first;
      const lines = readAt(readFd, first, span);
      for (let i = from; i < to; i++) {
        const at = segment.offset[i]! - first;
        filter.addBytes(i, lines, at, at + segment.bytes[i]!);
      }
      from = to;
      if (performance.now() >= deadline) break;
    }
    return from >= segment.length;
  };

  const slice = () => {
    slicing = false;
    if (stopped || addUntil(performance.now() + SLICE_MS)) return;
    // More to do: another slice after the I/O waiting now, unless the load came back.
    if (segment.length - from >= MAX_BEHIND || !busy()) {
      slicing = true;
      setImmediate(slice);
    }
  };
  const busy = () => loopUse() > BUSY;
  const timer = setInterval(() => {
    const behind = segment.length - from;
    // The load is read at every tick, so that it is the last tick's when the catch-up asks.
    const loaded = busy();
    if (behind === 0 || slicing || (loaded && behind < MAX_BEHIND)) return;
    slice();
  }, TICK_MS);
  timer.unref();

  return {
    get behind() {
      return segment.length - from;
    },
    catchUp: () => void addUntil(Infinity),
    stop: () => {
      stopped = true;
      clearInterval(timer);
    },
  };
}
