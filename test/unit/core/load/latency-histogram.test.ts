// The load run's answer times: percentiles from buckets within 1 % of the exact ones, the max
// exact, and the ranges a person reads.
import { describe, expect, it } from 'vitest';
import { createLatencyHistogram } from '../../../../src-main/core/load/latency-histogram';

describe('the latency histogram', () => {
  it('answers 0 for every figure when nothing was recorded', () => {
    const h = createLatencyHistogram();
    expect(h.percentile(0.99)).toBe(0);
    expect(h.maxMs).toBe(0);
    expect(h.bars().every((b) => b.count === 0)).toBe(true);
  });

  it('reads percentiles within 1 % of the exact ones, and the max exactly', () => {
    const h = createLatencyHistogram();
    // 1..1000 ms: p50 is 500, p95 950, p99 990.
    for (let ms = 1; ms <= 1000; ms += 1) h.record(ms);
    expect(h.count).toBe(1000);
    for (const [fraction, exact] of [
      [0.5, 500],
      [0.95, 950],
      [0.99, 990],
    ] as const) {
      const read = h.percentile(fraction);
      expect(read).toBeGreaterThanOrEqual(exact);
      expect(read).toBeLessThanOrEqual(exact * 1.01);
    }
    expect(h.percentile(1)).toBe(1000);
    expect(h.maxMs).toBe(1000);
  });

  it('a slow tail shows in p99 and max, not in p50', () => {
    const h = createLatencyHistogram();
    for (let i = 0; i < 980; i += 1) h.record(2);
    for (let i = 0; i < 20; i += 1) h.record(9000);
    expect(h.percentile(0.5)).toBeLessThanOrEqual(2.02);
    expect(h.percentile(0.99)).toBeGreaterThan(8900);
    expect(h.maxMs).toBe(9000);
  });

  it('counts each answer in the range a person reads (up to 1 ms, 2 ms, 5 ms ... and past 10 s)', () => {
    const h = createLatencyHistogram();
    [0.4, 1, 1.5, 4, 4.9, 700, 12_000].forEach((ms) => h.record(ms));
    const bars = Object.fromEntries(h.bars().map((b) => [String(b.upToMs), b.count]));
    expect(bars).toMatchObject({ '1': 2, '2': 1, '5': 2, '1000': 1, null: 1, '10': 0 });
    h.reset();
    expect(h.count).toBe(0);
    expect(h.bars().every((b) => b.count === 0)).toBe(true);
  });
});
