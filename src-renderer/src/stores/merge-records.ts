// Keeps the in-memory log ordered by seq without duplicates: the initial log.list and the live
// log.appended events can overlap (an event may arrive while the list is in flight, and a
// reconnect lists again what was already shown).
import type { JournalRecord } from '../contract';

export const LOG_MEMORY_CAP = 5000;

export function mergeRecords(
  existing: readonly JournalRecord[],
  incoming: readonly JournalRecord[],
  cap: number = LOG_MEMORY_CAP,
): JournalRecord[] {
  if (incoming.length === 0) return existing as JournalRecord[];
  const last = existing.at(-1)?.seq ?? 0;
  let merged: JournalRecord[];
  // The common case, one new record after the last one, stays a cheap append.
  if (incoming.every((r, i) => r.seq > (i === 0 ? last : incoming[i - 1]!.seq))) {
    merged = [...existing, ...incoming];
  } else {
    const bySeq = new Map<number, JournalRecord>();
    for (const r of existing) bySeq.set(r.seq, r);
    for (const r of incoming) bySeq.set(r.seq, r);
    merged = [...bySeq.values()].sort((a, b) => a.seq - b.seq);
  }
  return merged.length > cap ? merged.slice(merged.length - cap) : merged;
}
