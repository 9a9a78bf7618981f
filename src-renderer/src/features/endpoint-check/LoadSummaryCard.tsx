// A load run's summary, as `tp load` prints it (docs/load.md, Reading the summary): the rate held
// against the rate asked, the handler's throughput, the answer times, the errors by class, the mix
// and the histogram of answer times as bars. Figures are monospace so they line up.
import type { LoadSummary } from '../../../../src-shared/contract';
import { clockTime, durationMs } from '../../format';

function bucketName(upToMs: number | null): string {
  return upToMs === null ? '> 10 s' : `≤ ${durationMs(upToMs)}`;
}

function Histogram({ buckets }: { buckets: LoadSummary['histogram'] }) {
  // The empty ranges at either end say nothing: from the first range with answers to the last.
  const first = buckets.findIndex((b) => b.count > 0);
  if (first < 0) return null;
  const last = buckets.length - 1 - [...buckets].reverse().findIndex((b) => b.count > 0);
  const shown = buckets.slice(first, last + 1);
  const most = Math.max(...shown.map((b) => b.count));
  return (
    <ul className="load-histogram" aria-label="Answer times">
      {shown.map((b) => (
        <li key={String(b.upToMs)} aria-label={`${bucketName(b.upToMs)}: ${b.count}`}>
          <span className="mono load-bucket">{bucketName(b.upToMs)}</span>
          <span className="mono load-count">{b.count}</span>
          <span className="load-bar-track">
            <span className="load-bar" style={{ width: `${(100 * b.count) / most}%` }} />
          </span>
        </li>
      ))}
    </ul>
  );
}

export function LoadSummaryCard({ summary: s }: { summary: LoadSummary }) {
  const ms = (v: number) => durationMs(v);
  const asked = s.stopped ? `stopped after ${s.sent} of ${s.planned}` : `${s.planned} deliveries`;
  return (
    <section className="load-summary" aria-label="Load summary">
      <h4 className={s.passed ? 'text-ok' : 'text-error'}>
        {s.passed ? '✓ Passed' : '✗ Failed'}: {s.errorPct.toFixed(1)}% errors,{' '}
        {s.passed ? 'within' : 'over'} {s.maxErrorsPct}%
      </h4>
      <p className="quiet small-text">
        <span className="mono">{s.url}</span> · {s.profileName} · {s.signatureMethod} ·{' '}
        {clockTime(s.startedAt)}
      </p>
      <dl className="load-figures mono" aria-label="Load figures">
        <dt>asked</dt>
        <dd>
          {s.rateAsked}/s: {asked}
        </dd>
        <dt>sent</dt>
        <dd>
          {s.sent} at {s.sentPerSecond.toFixed(1)}/s; {s.late} late (started more than{' '}
          {s.lateAfterMs} ms after due)
        </dd>
        <dt>answered</dt>
        <dd>
          {s.ok} with 2xx: {s.throughputPerSecond.toFixed(1)}/s over {ms(s.durationMs)}
        </dd>
        <dt>times</dt>
        <dd>
          p50 {ms(s.latency.p50Ms)} · p95 {ms(s.latency.p95Ms)} · p99 {ms(s.latency.p99Ms)} · max{' '}
          {ms(s.latency.maxMs)} ({s.latency.count} answers, from when each was due)
        </dd>
        <dt>errors</dt>
        <dd>
          {s.errors.length === 0
            ? '0'
            : s.errors.map((e) => `${e.class} ${e.count} (first: ${e.example})`).join('; ')}
        </dd>
        {s.mix.length > 1 ? (
          <>
            <dt>mix</dt>
            <dd>{s.mix.map((m) => `${m.kind} ${m.sent}`).join(', ')}</dd>
          </>
        ) : null}
      </dl>
      {s.certificateWarning ? (
        <p className="check-question small-text" role="note">
          {s.certificateWarning}
        </p>
      ) : null}
      <Histogram buckets={s.histogram} />
    </section>
  );
}
