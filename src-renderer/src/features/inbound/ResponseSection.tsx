// How the receiver answers this profile's deliveries: status, delay, body, and a failure rate that
// answers some deliveries with an error instead, to watch the platform retry. Edited as a draft and
// saved with one button (or Enter), so half-typed numbers never reach the engine.
import { useState, type FormEvent } from 'react';
import type { ResponseControl } from '../../../../src-shared/contract';
import { useInbound } from '../../stores/stores-context';
import { ProblemNote } from './SectionNotes';

interface Draft {
  status: string;
  delayMs: string;
  failurePercent: string;
  failureStatus: string;
  contentType: string;
  body: string;
  rejectUnverified: boolean;
}

const toDraft = (r: ResponseControl): Draft => ({
  status: String(r.status),
  delayMs: String(r.delayMs),
  failurePercent: String(Math.round(r.failureRate * 1000) / 10),
  failureStatus: String(r.failureStatus),
  contentType: r.contentType,
  body: r.body,
  rejectUnverified: r.rejectUnverified,
});

/** The draft as response control, or the first problem in words. */
function parse(d: Draft): ResponseControl | string {
  const int = (v: string, min: number, max: number, what: string): number | string => {
    const n = Number(v);
    return v.trim() !== '' && Number.isInteger(n) && n >= min && n <= max
      ? n
      : `${what} is a whole number from ${min} to ${max}.`;
  };
  const status = int(d.status, 200, 599, 'Status');
  if (typeof status === 'string') return status;
  const delayMs = int(d.delayMs, 0, 120_000, 'Delay');
  if (typeof delayMs === 'string') return delayMs;
  const failureStatus = int(d.failureStatus, 400, 599, 'Failure status');
  if (typeof failureStatus === 'string') return failureStatus;
  const pct = Number(d.failurePercent);
  if (d.failurePercent.trim() === '' || !(pct >= 0 && pct <= 100))
    return 'Failure rate is a percentage from 0 to 100.';
  return {
    status,
    delayMs,
    failureRate: pct / 100,
    failureStatus,
    contentType: d.contentType.trim() || 'text/plain; charset=utf-8',
    body: d.body,
    rejectUnverified: d.rejectUnverified,
  };
}

export function ResponseSection() {
  const response = useInbound((s) => s.settings?.response);
  const profileId = useInbound((s) => s.profileId);
  if (!response) return <p className="quiet">Reading the response settings…</p>;
  // A fresh draft when the saved settings (or the profile) change.
  return <ResponseForm key={`${profileId} ${JSON.stringify(response)}`} saved={response} />;
}

function ResponseForm({ saved }: { saved: ResponseControl }) {
  const save = useInbound((s) => s.setResponse);
  const busy = useInbound((s) => s.busy.response);
  const error = useInbound((s) => s.errors.response);
  const [draft, setDraft] = useState(() => toDraft(saved));
  const [invalid, setInvalid] = useState<string | null>(null);
  const edit = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const changed = JSON.stringify(draft) !== JSON.stringify(toDraft(saved));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = parse(draft);
    if (typeof parsed === 'string') return setInvalid(parsed);
    setInvalid(null);
    // The form then shows what was saved: a cleared Content-Type is saved as the default, and the
    // settings (the form's key) may not change at all, so the draft would stay "Not saved yet".
    void save(parsed).then((ok) => ok && setDraft(toDraft(parsed)));
  };

  return (
    <form className="inbound-form" aria-label="Response control" onSubmit={onSubmit}>
      <div className="grid">
        <label>
          Status
          <input
            className="mono"
            inputMode="numeric"
            value={draft.status}
            onChange={(e) => edit({ status: e.target.value })}
          />
        </label>
        <label>
          Delay (ms)
          <input
            className="mono"
            inputMode="numeric"
            value={draft.delayMs}
            onChange={(e) => edit({ delayMs: e.target.value })}
          />
        </label>
        <label>
          Failure rate (%)
          <input
            className="mono"
            inputMode="decimal"
            value={draft.failurePercent}
            onChange={(e) => edit({ failurePercent: e.target.value })}
          />
        </label>
        <label>
          Failure status
          <input
            className="mono"
            inputMode="numeric"
            value={draft.failureStatus}
            onChange={(e) => edit({ failureStatus: e.target.value })}
          />
        </label>
      </div>
      <label>
        Content-Type
        <input
          className="mono"
          value={draft.contentType}
          onChange={(e) => edit({ contentType: e.target.value })}
        />
      </label>
      <label>
        Body
        <textarea
          className="mono"
          rows={3}
          value={draft.body}
          onChange={(e) => edit({ body: e.target.value })}
        />
      </label>
      <label className="check">
        <input
          type="checkbox"
          checked={draft.rejectUnverified}
          onChange={(e) => edit({ rejectUnverified: e.target.checked })}
        />
        Answer 401 to deliveries whose signature is not valid
      </label>
      <div className="row">
        <button type="submit" className="primary" disabled={!changed || !!busy}>
          Save response
        </button>
        <span className="quiet" role="status">
          {busy ?? (changed ? 'Not saved yet' : 'Saved')}
        </span>
      </div>
      <ProblemNote problem={invalid ?? error} />
    </form>
  );
}
