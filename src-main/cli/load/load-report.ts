// The load run's summary in the --reporter forms: pretty (for a person: the rate asked and held,
// answer times, errors by class, the histogram as bars), json (the summary as the engine answers
// it, load.run) and html (a self-contained page, drawn by the engine's piece for a load summary).
import type { LoadProgress, LoadSummary } from '../../../src-shared/contract';
import { APP_VERSION } from '../../headless/app-version';
import { loadReportPage } from '../../core/index';
import { shownHistogram } from '../../../src-shared/rules/load-histogram';
import { formatDuration } from '../reporters/words';
import type { LoadArgs } from './load-args';

const BAR_WIDTH = 40;

function histogramLines(s: LoadSummary): string[] {
  const shown = shownHistogram(s.histogram);
  if (shown.length === 0) return ['    (no answer)'];
  const most = Math.max(1, ...shown.map((b) => b.count));
  return shown.map((b) => {
    const width = b.count === 0 ? 0 : Math.max(1, Math.round((b.count / most) * BAR_WIDTH));
    return `    ${b.label.padEnd(10)} ${String(b.count).padStart(8)}  ${'█'.repeat(width)}`;
  });
}

export function verdictWords(s: LoadSummary): string {
  return s.passed
    ? `Passed: ${s.errorPct}% errors, within --max-errors ${s.maxErrorsPct}%.`
    : `Failed: ${s.errorPct}% errors, over --max-errors ${s.maxErrorsPct}%.`;
}

function prettySummary(s: LoadSummary): string {
  const l = s.latency;
  const mixTotal = s.mix.reduce((sum, e) => sum + e.weight, 0);
  const lines = [
    `Load run of ${s.url} (${s.signatureMethod}, profile "${s.profileName}")`,
    '',
    `  asked     ${s.rateAsked}/s: ${s.planned} deliveries${s.stopped ? `; stopped after ${s.sent}` : ''}`,
    `  sent      ${s.sent} at ${s.sentPerSecond}/s; ${s.late} late (started more than ${s.lateAfterMs} ms after due)`,
    `  answered  ${s.ok} with 2xx: ${s.throughputPerSecond}/s over ${formatDuration(s.durationMs)}`,
    `  times     p50 ${l.p50Ms} ms  p95 ${l.p95Ms} ms  p99 ${l.p99Ms} ms  max ${l.maxMs} ms  (${l.count} answers, from when each was due)`,
    `  errors    ${s.sent - s.ok} (${s.errorPct}%)`,
    ...s.errors.map(
      (e) => `    ${e.class.padEnd(11)} ${String(e.count).padStart(8)}  first: ${e.example}`,
    ),
    `  mix       ${s.mix.map((e) => `${e.kind} ${Math.round((e.weight / mixTotal) * 100)}% (${e.sent})`).join(', ')}`,
    '  answer times',
    ...histogramLines(s),
    '',
    ...(s.certificateWarning ? [`! ${s.certificateWarning}`] : []),
    verdictWords(s),
  ];
  return `${lines.join('\n')}\n`;
}

export function renderLoadSummary(reporter: LoadArgs['reporter'], s: LoadSummary): string {
  if (reporter === 'json') return `${JSON.stringify(s, null, 2)}\n`;
  // The piece a session's HTML report draws for a load run's record, on a page of its own.
  if (reporter === 'html') return loadReportPage(s, APP_VERSION);
  return prettySummary(s);
}

/** The line on stderr once a second. */
export function progressLine(p: LoadProgress): string {
  return `  ${(p.elapsedMs / 1000).toFixed(0).padStart(4)} s  sent ${p.sent}/${p.planned}  answered ${p.answered}  errors ${p.errors}  late ${p.late}  p99 ${p.p99Ms} ms`;
}
