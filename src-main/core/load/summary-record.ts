// The one journal record of a load run (docs/journal.md, "A load run"): a `system` record with its
// figures in words and the whole summary (`load`); `warn` when the error rate went over the run's
// limit.
import type { LoadSummary } from '../../../src-shared/contract';
import type { NewRecord } from '../log';

function loadSummaryWords(s: LoadSummary): string {
  return `${s.sent} deliveries at ${s.rateAsked}/s asked (${s.sentPerSecond}/s held, ${s.late} late); ${s.ok} answered 2xx, ${s.errorPct}% errors; p50 ${s.latency.p50Ms} ms, p99 ${s.latency.p99Ms} ms, max ${s.latency.maxMs} ms`;
}

export function summaryRecord(s: LoadSummary, profileId: string): NewRecord {
  const errors = s.errors.map((e) => `${e.class} ${e.count} (first: ${e.example})`).join(', ');
  return {
    kind: 'system',
    summary: `Load run of ${s.url}: ${s.passed ? 'passed' : 'failed'}${s.stopped ? ' (stopped)' : ''}, ${s.sent} deliveries, p99 ${s.latency.p99Ms} ms, ${s.errorPct}% errors`,
    profileId,
    system: {
      level: s.passed ? 'info' : 'warn',
      message: `Load run of ${s.url} as profile "${s.profileName}" (${s.signatureMethod})${s.stopped ? `, stopped after ${s.sent} of ${s.planned} deliveries` : ''}: ${loadSummaryWords(s)}${errors ? `; errors: ${errors}` : ''}. Only this summary is journaled, not each delivery.`,
      // The whole summary, for the session's HTML report to draw (figures and histogram).
      load: s,
    },
  };
}
