// Sends a captured delivery again: to the receiver itself (it is captured, verified and answered
// like any delivery, marked as a replay), or to any URL (the Replay to URL box, which offers the forward targets); as captured, or with the
// data edited and either signed again with the profile's secret or keeping the old signature on
// purpose (to check that the app refuses it).
import { useEffect, useId, useState } from 'react';
import type { DeliveryRecord, JournalRecord } from '../../../../src-shared/contract';
import { errorMessage } from '../../errors';
import { useLog } from '../../stores/stores-context';
import { JumpTo } from './JumpTo';

type Outcome = { sent: JournalRecord } | { error: string } | { waiting: string } | null;

export function ReplayPanel({ record }: { record: DeliveryRecord }) {
  const replay = useLog((s) => s.replay);
  const forwardTargets = useLog((s) => s.forwardTargets);
  const [targets, setTargets] = useState<string[]>([]);
  const [url, setUrl] = useState('');
  const [editing, setEditing] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const listId = useId();
  const data = record.delivery.form.data;

  useEffect(() => {
    let live = true;
    setOutcome(null);
    setEditing(false);
    forwardTargets(record.profileId).then(
      (list) => {
        if (!live) return;
        setTargets(list);
        setUrl((u) => u || list[0] || '');
      },
      () => undefined, // No targets to offer: the URL can still be typed.
    );
    return () => {
      live = false;
    };
  }, [record.seq, record.profileId, forwardTargets]);

  const send = async (target: string, edit?: { data: string; resign: boolean }) => {
    setOutcome({
      waiting: `Replaying #${record.seq} to ${target === 'receiver' ? 'the receiver' : target}…`,
    });
    try {
      setOutcome({ sent: await replay({ seq: record.seq, target, ...edit }) });
      if (edit) setEditing(false);
    } catch (err) {
      setOutcome({ error: errorMessage(err) });
    }
  };

  if (data === null || record.delivery.body === null) {
    return <p className="quiet">Nothing to replay: this request had no data field.</p>;
  }
  const busy = outcome !== null && 'waiting' in outcome;
  return (
    <div className="replay" role="group" aria-label="Replay">
      <div className="replay-row">
        <button type="button" disabled={busy} onClick={() => void send('receiver')}>
          Replay to receiver
        </button>
        <input
          type="url"
          className="mono"
          aria-label="Replay to URL"
          list={listId}
          placeholder={targets.length ? targets[0] : 'https://… (no forward targets set)'}
          value={url}
          onChange={(e) => setUrl(e.target.value)}
        />
        <datalist id={listId}>
          {targets.map((t) => (
            <option key={t} value={t} />
          ))}
        </datalist>
        <button
          type="button"
          disabled={busy || url.trim() === ''}
          title={url.trim() === '' ? 'Type the URL to send it to first' : undefined}
          onClick={() => void send(url.trim())}
        >
          Replay to this URL
        </button>
        <button type="button" aria-expanded={editing} onClick={() => setEditing((e) => !e)}>
          Edit and replay…
        </button>
      </div>
      {editing ? (
        <EditReplay
          initial={data}
          url={url.trim()}
          busy={busy}
          onSend={(target, edit) => void send(target, edit)}
        />
      ) : null}
      <ReplayOutcome outcome={outcome} />
    </div>
  );
}

interface EditProps {
  initial: string;
  url: string;
  busy: boolean;
  onSend: (target: string, edit: { data: string; resign: boolean }) => void;
}

function EditReplay({ initial, url, busy, onSend }: EditProps) {
  const [text, setText] = useState(initial);
  const [resign, setResign] = useState(true);
  const [toUrl, setToUrl] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const name = useId();
  // The problem is about the text as it was when sent: stale once another replay goes out.
  useEffect(() => {
    if (busy) setProblem(null);
  }, [busy]);
  const submit = () => {
    try {
      JSON.parse(text);
    } catch (err) {
      setProblem(
        `The data is not JSON (${(err as Error).message}). Fix it: the receiver would refuse it as not a delivery.`,
      );
      return;
    }
    if (toUrl && !url) {
      setProblem('Type the URL in Replay to URL above, or send to the receiver.');
      return;
    }
    setProblem(null);
    onSend(toUrl ? url : 'receiver', { data: text, resign });
  };
  return (
    <div className="replay-edit" role="group" aria-label="Edit and replay">
      <textarea
        className="mono"
        aria-label="Data (JSON)"
        rows={8}
        spellCheck={false}
        value={text}
        aria-invalid={problem !== null}
        onChange={(e) => {
          setText(e.target.value);
          setProblem(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) submit();
        }}
      />
      <fieldset>
        <legend>Signature</legend>
        <label>
          <input type="radio" name={name} checked={resign} onChange={() => setResign(true)} />
          Sign again with the profile’s client secret
        </label>
        <label>
          <input type="radio" name={name} checked={!resign} onChange={() => setResign(false)} />
          Keep the old signature (on purpose: it no longer matches the data)
        </label>
      </fieldset>
      <label>
        <input type="checkbox" checked={toUrl} onChange={(e) => setToUrl(e.target.checked)} />
        Send to the Replay to URL address instead of the receiver
      </label>
      {problem ? (
        <p className="error-text" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="replay-row">
        <button type="button" className="primary" disabled={busy} onClick={submit}>
          Send edited replay
        </button>
        <button type="button" onClick={() => setText(initial)}>
          Reset data
        </button>
      </div>
    </div>
  );
}

function ReplayOutcome({ outcome }: { outcome: Outcome }) {
  if (outcome === null) return null;
  if ('waiting' in outcome) {
    return (
      <p className="quiet" role="status">
        {outcome.waiting}
      </p>
    );
  }
  if ('error' in outcome) {
    return (
      <p className="error-text" role="alert">
        The replay was not sent: {outcome.error}
      </p>
    );
  }
  const r = outcome.sent;
  return (
    <p role="status" className="replay-done">
      Replayed: <JumpTo seq={r.seq}>#{r.seq}</JumpTo> {r.summary}
    </p>
  );
}
