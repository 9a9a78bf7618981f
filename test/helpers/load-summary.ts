// A load run's summary as load.run answers it, for the tests of what draws one (tp load's pretty
// summary, the HTML reports): a run that failed, with two error classes and a histogram whose
// ends are empty.
import type { LoadSummary } from '../../src-shared/contract';

const EDGES = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, null];

/** The histogram's ranges with the counts given by upper edge (`null` for past the last). */
export const loadHistogram = (counts: Record<string, number>): LoadSummary['histogram'] =>
  EDGES.map((upToMs) => ({ upToMs, count: counts[String(upToMs)] ?? 0 }));

export const LOAD_SUMMARY: LoadSummary = {
  url: 'http://127.0.0.1:3000/hook',
  profileName: 'Sandbox (Acme Orders)',
  signatureMethod: 'HMAC-SHA256',
  startedAt: '2026-11-28T20:00:00.000Z',
  durationMs: 5012,
  rateAsked: 200,
  planned: 1000,
  sent: 1000,
  sentPerSecond: 199.6,
  late: 37,
  lateAfterMs: 10,
  ok: 940,
  throughputPerSecond: 187.5,
  latency: { count: 980, p50Ms: 3.4, p95Ms: 41.7, p99Ms: 187.2, maxMs: 612.9 },
  errors: [
    { class: 'status 5xx', count: 40, example: 'HTTP 503' },
    { class: 'connection', count: 20, example: 'socket hang up' },
  ],
  errorPct: 6,
  maxErrorsPct: 1,
  histogram: loadHistogram({ '2': 300, '5': 600, '10': 0, '20': 50, '50': 20, '1000': 10 }),
  mix: [
    { kind: 'text', weight: 3, sent: 750 },
    { kind: 'picture', weight: 1, sent: 250 },
  ],
  certificateWarning: null,
  stopped: false,
  passed: false,
};
