// The histogram of a load run's answer times as a person reads it, in tp load's pretty summary and
// in the HTML reports alike: from the first range with answers to the last (the empty ranges at
// either end say nothing), each range named by its upper edge, the last one by where it starts.
import type { LoadSummary } from '../contract/load';

interface ShownRange {
  /** `≤ 5 ms`, or `> 10000 ms` for the range past the last edge. */
  label: string;
  count: number;
}

/** The ranges worth drawing; none when no delivery got an answer. */
export function shownHistogram(histogram: LoadSummary['histogram']): ShownRange[] {
  const used = histogram.map((b, i) => (b.count > 0 ? i : -1)).filter((i) => i >= 0);
  if (used.length === 0) return [];
  return histogram.slice(used[0], used[used.length - 1]! + 1).map((b) => {
    if (b.upToMs !== null) return { label: `≤ ${b.upToMs} ms`, count: b.count };
    // Past the last edge: named by the edge before it in the whole histogram, not the shown part.
    const before = histogram[histogram.indexOf(b) - 1]?.upToMs ?? 0;
    return { label: `> ${before} ms`, count: b.count };
  });
}
