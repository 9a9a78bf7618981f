// The report card of a URL's last run: what was checked and how it went, what changed since the
// run before (a re-run after a fix), each check as a row (failures first, then warnings), and the
// run's session: open it in the Event log (every delivery it sent), and back to the person's own
// (new records go to the session open), or export it as the HTML report.
import { useState } from 'react';
import type { EndpointCheckHistory } from '../../../../src-shared/contract';
import { clockTime, durationMs } from '../../format';
import { useLog } from '../../stores/stores-context';
import { CheckRow } from './CheckRow';
import { byAttention, countsLine } from './check-words';
import { diffReports } from './report-diff';

export function ReportCard({ entry }: { entry: EndpointCheckHistory }) {
  const { last, previous } = entry;
  const diff = previous ? diffReports(previous, last, clockTime) : null;
  const switchSession = useLog((s) => s.switchSession);
  const select = useLog((s) => s.select);
  const exportSession = useLog((s) => s.exportSession);
  const sessions = useLog((s) => s.sessions);
  const [returnTo, setReturnTo] = useState<{ id: string; name: string } | null>(null);
  const openInLog = async (seq?: number) => {
    const open = sessions?.sessions.find((x) => x.id === sessions.activeId);
    if (open && open.id !== last.sessionId) setReturnTo({ id: open.id, name: open.name });
    await switchSession(last.sessionId);
    if (seq !== undefined) select(seq);
  };
  const showingRun = sessions?.activeId === last.sessionId;
  return (
    <section className="check-report" aria-label="Report">
      <div className="check-report-head">
        <h3 className={last.passed ? 'text-ok' : 'text-error'}>
          {last.passed ? '✓ Passed' : '✗ Failed'}{' '}
          <span className="mono check-report-url">{last.url}</span>
        </h3>
        <p role="status" aria-label="Report counts">
          {countsLine(last)}
        </p>
        <p className="quiet small-text">
          {last.profileName} · {last.signatureMethod} · {clockTime(last.startedAt)} · took{' '}
          {durationMs(last.durationMs)} · answers p50 {Math.round(last.timing.p50Ms)} ms, p99{' '}
          {Math.round(last.timing.p99Ms)} ms over {last.timing.count}
        </p>
        {diff ? (
          <p className="check-diff" role="status" aria-label="Changes since the last run">
            {diff.summary}
          </p>
        ) : null}
        <div className="check-report-actions">
          <button type="button" onClick={() => void openInLog()}>
            Open the run in the Event log
          </button>
          <button
            type="button"
            onClick={() => void exportSession('html', { sessionId: last.sessionId })}
          >
            Export HTML report
          </button>
        </div>
        {showingRun && returnTo ? (
          <p className="quiet small-text" role="note" aria-label="Event log session">
            The Event log shows this run&rsquo;s session, and new records go there too.{' '}
            <button type="button" className="link" onClick={() => void switchSession(returnTo.id)}>
              Back to “{returnTo.name}”
            </button>
          </p>
        ) : null}
      </div>
      <ul className="check-rows" aria-label="Checks">
        {byAttention(last.checks).map((c) => (
          <CheckRow
            key={c.id}
            check={c}
            sessionId={last.sessionId}
            change={diff?.changes[c.id]}
            onOpenInLog={(seq) => void openInLog(seq)}
          />
        ))}
      </ul>
    </section>
  );
}
