// What each forward target answered for a delivery (and replays of it to a URL): status, time and
// body per target. The results arrive after the delivery was answered (a dead target takes up to
// the forward timeout), so this asks again as new records come in.
import { useEffect, useState } from 'react';
import type { ForwardRecord } from '../../../../src-shared/contract';
import { notForwardedWords } from '../../../../src-shared/rules/forward-words';
import { durationMs } from '../../format';
import { errorMessage } from '../../errors';
import { useLog } from '../../stores/stores-context';
import { BodyView } from './BodyView';
import { JumpTo } from './JumpTo';

export function ForwardResults({ deliverySeq }: { deliverySeq: number }) {
  const forwardsOf = useLog((s) => s.forwardsOf);
  const throughSeq = useLog((s) => s.throughSeq);
  const [results, setResults] = useState<ForwardRecord[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    forwardsOf(deliverySeq).then(
      (records) => {
        if (!live) return;
        setResults(records.filter((r): r is ForwardRecord => r.kind === 'forward'));
        setError(null);
      },
      (err: unknown) => live && setError(errorMessage(err)),
    );
    return () => {
      live = false;
    };
  }, [deliverySeq, throughSeq, forwardsOf]);

  if (error) {
    return (
      <p className="error-text" role="alert">
        Could not list the forward results: {error}
      </p>
    );
  }
  if (results === null) return <p className="quiet">Looking for forward results…</p>;
  if (results.length === 0) {
    return <p className="quiet">Not forwarded (no forward targets, and no replay to a URL).</p>;
  }
  return (
    <ul className="forward-results" aria-label="Forward results">
      {results.map((r) => {
        const x = r.forward.exchange;
        const skipped = r.forward.notForwarded;
        if (skipped) {
          return (
            <li key={r.seq} aria-label={`Forward #${r.seq} to ${x.url}`}>
              <div className="forward-head">
                <JumpTo seq={r.seq}>#{r.seq}</JumpTo> <span className="mono">{x.url}</span>{' '}
                <span className="text-error">{notForwardedWords(skipped.reason)}</span>
              </div>
              <p className="quiet">{skipped.explanation}</p>
            </li>
          );
        }
        return (
          <li key={r.seq} aria-label={`Forward #${r.seq} to ${x.url}`}>
            <div className="forward-head">
              <JumpTo seq={r.seq}>#{r.seq}</JumpTo> <span className="mono">{x.url}</span>{' '}
              <span
                className={
                  x.status === null || x.status >= 400
                    ? 'text-error'
                    : r.forward.late
                      ? 'status-late'
                      : 'status-2xx'
                }
              >
                {x.status ?? 'no answer'}
                {r.forward.late ? ' late' : ''}
              </span>{' '}
              <span className="quiet">
                {durationMs(x.timing.totalMs)} · {r.forward.why}
                {r.forward.edited ? ' · edited' : ''}
                {r.forward.why === 'replay' && !r.forward.resigned ? ' · old signature' : ''}
              </span>
            </div>
            {x.error ? <p className="text-error">{x.error}</p> : null}
            {r.forward.late ? <p className="status-late">{r.forward.late}</p> : null}
            {x.responseBody ? (
              <BodyView name="target's response body" body={x.responseBody} />
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
