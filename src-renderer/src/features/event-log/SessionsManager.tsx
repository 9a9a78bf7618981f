// The sessions' retention, under "Sessions…" in the event log's heading: what each session and the
// data folder take on disk, and archiving (compressed, opened read-only), unarchiving and deleting
// a session, and comparing one with the open one by counts (SessionsCompare). The open session is
// neither archived nor deleted: the panel says what to do instead.
import { useEffect, useState } from 'react';
import type { SessionView } from '../../../../src-shared/contract';
import { byteSize } from '../../format';
import { useLog } from '../../stores/stores-context';
import { SessionsCompare } from './SessionsCompare';

/** A button of a session's row, named for the session so that each row's buttons differ. */
interface SessionAction {
  verb: string;
  asks?: boolean;
  /** Words after the session's name in the button's accessible name. */
  with?: string;
  run: () => void;
}

const sizeOf = (s: SessionView) => s.bytes.ndjson + s.bytes.index + s.bytes.archive;
const recordsText = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'record' : 'records'}`;

export function SessionsManager({ onDone }: { onDone: () => void }) {
  const sessions = useLog((s) => s.sessions);
  const busy = useLog((s) => s.sessionBusy);
  const change = useLog((s) => s.changeSession);
  const refresh = useLog((s) => s.refreshSessions);
  const compare = useLog((s) => s.compareWithOpen);
  const comparison = useLog((s) => s.sessionComparison);
  const [confirming, setConfirming] = useState<string | null>(null);
  // Counts and sizes as they are now: the list's were read when the sessions last changed.
  useEffect(() => void refresh(), [refresh]);
  if (!sessions) return null;
  const shown = sessions.sessions.find((s) => s.id === sessions.activeId);
  return (
    <div
      className="log-popover log-sessions-manager"
      role="group"
      aria-label="Sessions"
      onKeyDown={(e) => e.key === 'Escape' && onDone()}
    >
      <p>
        Data folder: <strong>{byteSize(sessions.dataFolderBytes)}</strong> on disk. An archived
        session is compressed (gzip) and opens read-only.
      </p>
      <ul className="log-sessions-list">
        {sessions.sessions.map((s) => {
          const open = s.id === sessions.activeId || s.id === sessions.recordingId;
          // An open session can be unarchived, not archived or deleted. `asks`: the action asks
          // first (its name ends in an ellipsis).
          const actions: SessionAction[] = [];
          if (s.archived)
            actions.push({ verb: 'Unarchive', run: () => void change('unarchive', s.id) });
          else if (!open)
            actions.push({ verb: 'Archive', run: () => void change('archive', s.id) });
          if (!open) actions.push({ verb: 'Delete', asks: true, run: () => setConfirming(s.id) });
          if (s.id !== sessions.activeId)
            actions.push({ verb: 'Compare', run: () => void compare(s.id), with: 'the open one' });
          return (
            <li key={s.id} aria-label={`Session ${s.name}`}>
              <div className="log-sessions-row">
                <span className="log-sessions-name">{s.name}</span>
                <span className="quiet">
                  {recordsText(s.records)} · {byteSize(sizeOf(s))}
                  {s.archived ? ' · archived' : ''}
                  {s.id === sessions.activeId ? ' · open' : ''}
                  {s.id !== sessions.activeId && s.id === sessions.recordingId
                    ? ' · new records go here'
                    : ''}
                </span>
              </div>
              {confirming === s.id ? (
                <div className="log-popover-actions" role="group" aria-label="Confirm delete">
                  <span className="error-text">
                    Delete “{s.name}” and its {recordsText(s.records)}? This cannot be undone.
                  </span>
                  <button
                    type="button"
                    className="danger"
                    autoFocus
                    disabled={busy !== null}
                    onClick={() => void change('delete', s.id).then(() => setConfirming(null))}
                  >
                    Delete for good
                  </button>
                  <button type="button" onClick={() => setConfirming(null)}>
                    Keep it
                  </button>
                </div>
              ) : (
                <div className="log-popover-actions">
                  {actions.map(({ verb, asks, with: after, run }) => (
                    <button
                      key={verb}
                      type="button"
                      disabled={busy !== null}
                      aria-label={`${verb} ${s.name}${after ? ` with ${after}` : ''}${asks ? '…' : ''}`}
                      onClick={run}
                    >
                      {verb}
                      {asks ? '…' : ''}
                    </button>
                  ))}
                  {open ? (
                    <span className="quiet">
                      {s.id === sessions.activeId
                        ? 'Open: to archive or delete it, open another session first.'
                        : `New records go here while “${shown?.name ?? ''}” is shown: open another session first.`}
                    </span>
                  ) : null}
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {comparison ? <SessionsCompare comparison={comparison} /> : null}
      <div className="log-popover-actions">
        <button type="button" onClick={onDone}>
          Close
        </button>
      </div>
    </div>
  );
}
