// Sessions in the event log's heading: which named journal (a QA run) is open, switching to an
// earlier one, starting a new one by name, exporting the open one as a file, and the sessions'
// retention (SessionsManager). An archived session open is read-only, and the heading says so.
import { useState, type FormEvent } from 'react';
import { filterNarrows } from '../../../../src-shared/rules/log-filter';
import type { ExportFormat } from './log-sessions';
import { shownCount } from './log-view';
import { useLog } from '../../stores/stores-context';
import { SessionsManager } from './SessionsManager';

type Panel = 'new' | 'export' | 'manage';
const FORMATS: Array<{ format: ExportFormat; label: string }> = [
  { format: 'ndjson', label: 'NDJSON' },
  { format: 'har', label: 'HAR' },
  { format: 'html', label: 'HTML report' },
];

export function SessionsBar() {
  const sessions = useLog((s) => s.sessions);
  const busy = useLog((s) => s.sessionBusy);
  const error = useLog((s) => s.sessionError);
  const notice = useLog((s) => s.sessionNotice);
  const switchSession = useLog((s) => s.switchSession);
  const refresh = useLog((s) => s.refreshSessions);
  const [panel, setPanel] = useState<Panel | null>(null);
  const toggle = (which: Panel) => setPanel((p) => (p === which ? null : which));
  const recording =
    sessions && sessions.activeId !== sessions.recordingId
      ? sessions.sessions.find((s) => s.id === sessions.recordingId)
      : undefined;

  return (
    <div className="log-sessions">
      <select
        aria-label="Session"
        value={sessions?.activeId ?? ''}
        disabled={!sessions || busy !== null}
        onFocus={() => void refresh()}
        onChange={(e) => void switchSession(e.target.value)}
      >
        {/* As short as "Default": a wider select would push the pane's buttons onto a second line,
            and the whole log would move up once the sessions came. */}
        {sessions ? null : <option value="">loading…</option>}
        {sessions?.sessions.map((s) => (
          <option key={s.id} value={s.id}>
            {/* The open session's count is in the pane; the list's would be stale. */}
            {s.active
              ? s.name
              : `${s.name} (${s.records} ${s.records === 1 ? 'record' : 'records'}${s.archived ? ', archived' : ''})`}
          </option>
        ))}
      </select>
      {recording ? (
        <span
          className="log-sessions-readonly"
          role="status"
          title={`Nothing is appended to it: new records go to “${recording.name}”.`}
        >
          archived, read-only
        </span>
      ) : null}
      <button type="button" aria-expanded={panel === 'new'} onClick={() => toggle('new')}>
        New session…
      </button>
      <button type="button" aria-expanded={panel === 'export'} onClick={() => toggle('export')}>
        Export…
      </button>
      <button type="button" aria-expanded={panel === 'manage'} onClick={() => toggle('manage')}>
        Sessions…
      </button>
      {busy ? (
        <span className="quiet" role="status">
          {busy}
        </span>
      ) : null}
      {notice && !busy ? (
        <span className="quiet" role="status">
          {notice}
        </span>
      ) : null}
      {error ? (
        <span className="error-text" role="alert">
          {error}
        </span>
      ) : null}
      {panel === 'new' ? <NewSessionForm onDone={() => setPanel(null)} /> : null}
      {panel === 'export' ? <ExportChoices onDone={() => setPanel(null)} /> : null}
      {panel === 'manage' ? <SessionsManager onDone={() => setPanel(null)} /> : null}
    </div>
  );
}

function NewSessionForm({ onDone }: { onDone: () => void }) {
  const newSession = useLog((s) => s.newSession);
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (!name.trim()) {
      setProblem('Give the session a name, e.g. the QA run or ticket it is for.');
      return;
    }
    if (await newSession(name.trim())) onDone();
  };
  return (
    <div
      className="log-popover"
      role="group"
      aria-label="New session"
      onKeyDown={(e) => {
        if (e.key === 'Escape') onDone();
        if (e.key === 'Enter') void submit();
      }}
    >
      <p className="quiet">
        A new session is an empty journal of its own; the current one stays on disk and can be
        opened again from the Session list.
      </p>
      <input
        autoFocus
        aria-label="Session name"
        placeholder="e.g. QA run 12"
        value={name}
        maxLength={120}
        aria-invalid={problem !== null}
        onChange={(e) => {
          setName(e.target.value);
          setProblem(null);
        }}
      />
      {problem ? (
        <p className="error-text" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="log-popover-actions">
        <button type="button" className="primary" onClick={() => void submit()}>
          Start session
        </button>
        <button type="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </div>
  );
}

function ExportChoices({ onDone }: { onDone: () => void }) {
  const exportSession = useLog((s) => s.exportSession);
  const name = useLog((s) => s.sessions?.sessions.find((x) => x.active)?.name ?? 'session');
  const filter = useLog((s) => s.filter);
  const shown = useLog(shownCount);
  const pausedAt = useLog((s) => (s.paused ? s.pausedThroughSeq : null));
  // A filtered, cleared or paused list offers its records alone: the few that matter for a bug
  // report, and no more than the list shows.
  const narrowed = filterNarrows(filter) || pausedAt !== null;
  const [onlyShown, setOnlyShown] = useState(false);
  const run = async (format: ExportFormat) => {
    const shownOnly = { filter, ...(pausedAt !== null ? { throughSeq: pausedAt } : {}) };
    // Saved, downloading or cancelled: the panel's work is done; a failure stays with its words.
    if (await exportSession(format, narrowed && onlyShown ? shownOnly : {})) onDone();
  };
  return (
    <div
      className="log-popover"
      role="group"
      aria-label="Export session"
      onKeyDown={(e) => e.key === 'Escape' && onDone()}
    >
      <p className="quiet">Export “{name}” as a file. Secrets stay redacted in every format.</p>
      {narrowed ? (
        <label className="log-popover-option">
          <input
            type="checkbox"
            checked={onlyShown}
            onChange={(e) => setOnlyShown(e.target.checked)}
          />
          Only the {shown.toLocaleString('en-US')} {shown === 1 ? 'record' : 'records'} the list
          shows
        </label>
      ) : null}
      <div className="log-popover-actions">
        {FORMATS.map((f, i) => (
          <button
            key={f.format}
            type="button"
            autoFocus={i === 0}
            onClick={() => void run(f.format)}
          >
            {f.label}
          </button>
        ))}
      </div>
    </div>
  );
}
