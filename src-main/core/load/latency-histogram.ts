// Answer times of a load run, kept in buckets rather than one number per delivery: a run of
// 2,000 deliveries a second for an hour is 7 million answers, and the buckets stay some 1,700
// counters. Each bucket is 1 % wider than the one before, so a percentile read from them is within
// 1 % of the exact one (the bucket's upper edge, never more than the largest time seen).

const SMALLEST_MS = 0.01;
const GROWTH = 1.01;
/** Past the platform's 10 s deadline and the sender's own timeout: every answer fits. */
const LARGEST_MS = 120_000;
const BUCKETS = Math.ceil(Math.log(LARGEST_MS / SMALLEST_MS) / Math.log(GROWTH)) + 1;

/** The coarse ranges a person reads (the summary's histogram), in ms: up to 1, 2, 5, ... */
const DISPLAY_EDGES_MS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000] as const;

interface HistogramBar {
  /** The range's upper edge in ms; null: past the last edge. */
  upToMs: number | null;
  count: number;
}

interface LatencyHistogram {
  record(ms: number): void;
  readonly count: number;
  readonly maxMs: number;
  /** The time `fraction` (0.99 for p99) of the answers took at most; 0 when there is none. */
  percentile(fraction: number): number;
  /** How many answers fell in each of DISPLAY_EDGES_MS's ranges (and past the last). */
  bars(): HistogramBar[];
  reset(): void;
}

const bucketOf = (ms: number) =>
  ms <= SMALLEST_MS
    ? 0
    : Math.min(BUCKETS - 1, Math.ceil(Math.log(ms / SMALLEST_MS) / Math.log(GROWTH)));
const upperEdge = (bucket: number) => SMALLEST_MS * GROWTH ** bucket;

export function createLatencyHistogram(): LatencyHistogram {
  const counts = new Float64Array(BUCKETS);
  const bars = new Float64Array(DISPLAY_EDGES_MS.length + 1);
  let count = 0;
  let maxMs = 0;
  return {
    record(ms) {
      const value = Math.max(0, ms);
      counts[bucketOf(value)]! += 1;
      let bar = DISPLAY_EDGES_MS.findIndex((edge) => value <= edge);
      if (bar === -1) bar = DISPLAY_EDGES_MS.length;
      bars[bar]! += 1;
      count += 1;
      if (value > maxMs) maxMs = value;
    },
    get count() {
      return count;
    },
    get maxMs() {
      return maxMs;
    },
    percentile(fraction) {
      if (count === 0) return 0;
      const rank = Math.max(1, Math.ceil(fraction * count));
      let seen = 0;
      for (let b = 0; b < BUCKETS; b += 1) {
        seen += counts[b]!;
        if (seen >= rank) return Math.min(upperEdge(b), maxMs);
      }
      return maxMs;
    },
    bars: () => Array.from(bars, (n, i) => ({ upToMs: DISPLAY_EDGES_MS[i] ?? null, count: n })),
    reset() {
      counts.fill(0);
      bars.fill(0);
      count = 0;
      maxMs = 0;
    },
  };
}
