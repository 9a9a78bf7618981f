// The full-text filter's bits (block-text-filter.ts) of the records appended since the journal was
// opened are set with the engine's spare time, not as each record is written: hashing a line's
// trigrams costs about as much as serialising it (8 µs for a 1.9 KB delivery), and a burst of
// deliveries should spend its time on capturing them. A search is as right before the catch-up as
// after it: an entry no block covers is never ruled out, only read.
//
// The catch-up runs a slice at a time when the event loop was mostly idle over the last tick, and
// whatever the load once the backlog is large, so that a search never has more than that to read
// in full. Closing the journal catches up whole, so the saved index covers every record.
import { performance } from 'node:perf_hooks';
import { textFilterOf } from './block-text-filter';
import type { IndexColumns } from './journal-index';
import { readAt } from './journal-lines';

/** How often the catch-up looks at the load, and the longest it runs at a time. */
const TICK_MS = 100;
const SLICE_MS = 10;
/** Busier than this over the last tick (the share of it spent running code): not now. */
const BUSY = 0.7;
/** Entries behind from which the catch-up runs whatever the load. */
const MAX_BEHIND = 65_536;
/** The most bytes of neighbouring lines read at once. */
const READ_BYTES = 1024 * 1024;

interface TextTail {
  /** Entries of the segment that are not in the filter yet. */
  readonly behind: number;
  /** Sets every entry's bits now (before the index is saved). */
  catchUp(): void;
  stop(): void;
}

/**
 * Follows `segment` (whose entries from its current length on are lines appended to the file
 * `readFd` reads, in file order) and sets their bits in its text filter when there is time.
 */
export function followTextTail(segment: IndexColumns, readFd: number): TextTail {
  let from = segment.length;
  let lastUse = performance.eventLoopUtilization();
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
  const busy = () => {
    const now = performance.eventLoopUtilization();
    const use = performance.eventLoopUtilization(now, lastUse).utilization;
    lastUse = now;
    return use > BUSY;
  };
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
