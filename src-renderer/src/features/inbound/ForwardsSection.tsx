// Forward-to: each verified delivery is sent on, byte for byte, to the developer's own URLs after
// the receiver has answered (a target may take unverified ones too); each target shows its last
// result (status and time, why it failed, or why nothing was sent).
import { useState, type FormEvent } from 'react';
import { BreakableUrl } from '../../components/BreakableUrl';
import { useInbound } from '../../stores/stores-context';
import { clockTime, durationMs } from '../../format';
import { notForwardedWords } from '../../../../src-shared/rules/forward-words';
import { answerTone } from './answer-tone';
import type { ForwardResult } from './inbound-store';
import { BusyNote, ProblemNote } from './SectionNotes';

const MAX_TARGETS = 10;

export function ForwardsSection() {
  const forwards = useInbound((s) => s.settings?.forwards);
  const results = useInbound((s) => s.forwardResults);
  const save = useInbound((s) => s.setForwards);
  const busy = useInbound((s) => s.busy.forwards);
  const error = useInbound((s) => s.errors.forwards);
  const [url, setUrl] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  if (!forwards) return <p className="quiet">Reading the forward targets…</p>;
  const { targets, forwardUnverified } = forwards;
  const setUnverified = (target: string, on: boolean) =>
    void save({
      forwardUnverified: on
        ? [...forwardUnverified, target]
        : forwardUnverified.filter((x) => x !== target),
    });

  const onAdd = async (e: FormEvent) => {
    e.preventDefault();
    const next = url.trim();
    if (!/^https?:\/\/\S+$/.test(next)) {
      setInvalid('A forward target is an http(s) URL, e.g. http://127.0.0.1:3000/hooks.');
      return;
    }
    if (targets.includes(next)) {
      setInvalid('That URL is a target already.');
      return;
    }
    setInvalid(null);
    if (await save({ targets: [...targets, next] })) setUrl('');
  };

  return (
    <>
      {targets.length === 0 ? (
        <p className="quiet">No targets: deliveries are not sent on.</p>
      ) : (
        <ul className="forward-list" aria-label="Forward targets">
          {targets.map((t) => (
            <li key={t} aria-label={t}>
              <div className="row">
                <BreakableUrl url={t} className="mono" />
                <button
                  type="button"
                  className="small"
                  aria-label={`Remove forward target ${t}`}
                  disabled={!!busy}
                  onClick={() => void save({ targets: targets.filter((x) => x !== t) })}
                >
                  Remove
                </button>
              </div>
              <label className="small-text">
                <input
                  type="checkbox"
                  aria-label={`Forward unverified too to ${t}`}
                  checked={forwardUnverified.includes(t)}
                  disabled={!!busy}
                  onChange={(e) => setUnverified(t, e.target.checked)}
                />{' '}
                Forward unverified too (with an X-TP-Signature-Outcome header)
              </label>
              <LastResult result={results[t]} />
            </li>
          ))}
        </ul>
      )}
      <form className="inbound-form" aria-label="Add a forward target" onSubmit={onAdd}>
        <label>
          Forward target URL
          <input
            className="mono"
            value={url}
            placeholder="http://127.0.0.1:3000/hooks"
            onChange={(e) => setUrl(e.target.value)}
          />
        </label>
        <div className="row">
          <button type="submit" disabled={!!busy || targets.length >= MAX_TARGETS}>
            Add target
          </button>
          {targets.length >= MAX_TARGETS ? (
            <span className="hint">At most {MAX_TARGETS} targets.</span>
          ) : null}
        </div>
      </form>
      <TimeoutForm key={forwards.timeoutMs} timeoutMs={forwards.timeoutMs} />
      <BusyNote busy={busy} />
      <ProblemNote problem={invalid ?? error} />
    </>
  );
}

function LastResult({ result }: { result: ForwardResult | undefined }) {
  if (!result) return <p className="hint small-text">No delivery sent on yet.</p>;
  const when = (
    <span className="quiet">
      (delivery #{result.deliverySeq}, {clockTime(result.at)})
    </span>
  );
  if (result.notForwarded) {
    return (
      <p className="small-text text-error" aria-label="Last forward result">
        Last: {notForwardedWords(result.notForwarded)} {when}
      </p>
    );
  }
  const took = result.totalMs !== undefined ? ` in ${durationMs(result.totalMs)}` : '';
  return (
    <p className={`small-text ${answerTone(result)}`} aria-label="Last forward result">
      {result.late
        ? `Last: ${result.late}`
        : result.status !== null
          ? `Last: HTTP ${result.status}${took}`
          : `Last: failed: ${result.error ?? 'no answer'}`}{' '}
      {when}
    </p>
  );
}

function TimeoutForm({ timeoutMs }: { timeoutMs: number }) {
  const save = useInbound((s) => s.setForwards);
  const [seconds, setSeconds] = useState(String(timeoutMs / 1000));
  const [invalid, setInvalid] = useState<string | null>(null);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const n = Number(seconds);
    if (seconds.trim() === '' || !(n > 0 && n <= 600)) {
      setInvalid('The timeout is a number of seconds from 0.001 to 600.');
      return;
    }
    setInvalid(null);
    void save({ timeoutMs: Math.round(n * 1000) });
  };
  const changed = Number(seconds) * 1000 !== timeoutMs;
  return (
    <form className="inbound-form inline" aria-label="Forward timeout" onSubmit={onSubmit}>
      <label>
        Timeout (s)
        <input
          className="mono narrow"
          inputMode="decimal"
          value={seconds}
          onChange={(e) => setSeconds(e.target.value)}
        />
      </label>
      <button type="submit" disabled={!changed}>
        Save timeout
      </button>
      <ProblemNote problem={invalid} />
    </form>
  );
}
