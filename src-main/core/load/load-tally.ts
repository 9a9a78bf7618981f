// What a load run counts as its answers come back, and the summary made of it.
import type { LoadErrorClass, LoadProgress, LoadSummary } from '../../../src-shared/contract';
import type { MixEntry } from '../../../src-shared/rules/delivery-mix';
import { createLatencyHistogram } from './latency-histogram';
import { statusClass, type SendOutcome } from './load-sender';

const round = (n: number) => Math.round(n * 10) / 10;

export function createLoadTally(mix: readonly MixEntry[]) {
  const all = createLatencyHistogram();
  // The answers of the last progress window, for its p99.
  const recent = createLatencyHistogram();
  const errors = new Map<LoadErrorClass, { count: number; example: string }>();
  const sentByKind = new Map<string, number>(mix.map((e) => [e.kind, 0]));
  let sent = 0;
  let late = 0;
  let ok = 0;
  let errorCount = 0;
  const countError = (error: LoadErrorClass, example: string) => {
    errorCount += 1;
    const seen = errors.get(error);
    if (seen) seen.count += 1;
    else errors.set(error, { count: 1, example });
  };
  return {
    sending(kind: string, wasLate: boolean) {
      sent += 1;
      if (wasLate) late += 1;
      sentByKind.set(kind, (sentByKind.get(kind) ?? 0) + 1);
    },
    /** `ms`: from when the delivery was due to its answer (or its failure). */
    answered(outcome: SendOutcome, ms: number) {
      if ('status' in outcome) {
        all.record(ms);
        recent.record(ms);
        const bad = statusClass(outcome.status);
        if (bad) countError(bad, `HTTP ${outcome.status}`);
        else ok += 1;
      } else {
        countError(outcome.error, outcome.words);
      }
    },
    /** The figures now; starts a new window for the next one's p99. */
    progress(url: string, elapsedMs: number, planned: number): LoadProgress {
      const p99Ms = round(recent.percentile(0.99));
      recent.reset();
      return {
        url,
        elapsedMs: Math.round(elapsedMs),
        planned,
        sent,
        answered: all.count,
        errors: errorCount,
        late,
        p99Ms,
      };
    },
    summary(
      run: Pick<LoadSummary, 'url' | 'profileName' | 'signatureMethod' | 'startedAt'> & {
        rateAsked: number;
        planned: number;
        lateAfterMs: number;
        maxErrorsPct: number;
        /** From the start to the last answer. */
        durationMs: number;
        /** When the last send started, in ms after the start. */
        lastSendMs: number;
        stopped: boolean;
        certificateWarning: string | null;
      },
    ): LoadSummary {
      const errorPct = sent === 0 ? 0 : (errorCount / sent) * 100;
      const sendWindowS = (run.lastSendMs + 1000 / run.rateAsked) / 1000;
      return {
        url: run.url,
        profileName: run.profileName,
        signatureMethod: run.signatureMethod,
        startedAt: run.startedAt,
        durationMs: Math.round(run.durationMs),
        rateAsked: run.rateAsked,
        planned: run.planned,
        sent,
        sentPerSecond: round(sent / sendWindowS),
        late,
        lateAfterMs: run.lateAfterMs,
        ok,
        throughputPerSecond: round(ok / Math.max(run.durationMs / 1000, 0.001)),
        latency: {
          count: all.count,
          p50Ms: round(all.percentile(0.5)),
          p95Ms: round(all.percentile(0.95)),
          p99Ms: round(all.percentile(0.99)),
          maxMs: round(all.maxMs),
        },
        errors: [...errors.entries()]
          .map(([c, e]) => ({ class: c, count: e.count, example: e.example }))
          .sort((a, b) => b.count - a.count),
        errorPct: Math.round(errorPct * 100) / 100,
        maxErrorsPct: run.maxErrorsPct,
        histogram: all.bars(),
        mix: mix.map((e) => ({ ...e, sent: sentByKind.get(e.kind) ?? 0 })),
        certificateWarning: run.certificateWarning,
        stopped: run.stopped,
        passed: errorPct <= run.maxErrorsPct,
      };
    },
  };
}
