// The run at a glance: its name, the profile it runs against, its status in words, the counts and
// the elapsed time (ticking while it runs), with Stop while it runs, and once it ended Run again,
// Run with data… (picks a data file of the collection and runs again over its rows) and Update
// snapshots (the same run, its snapshot checks storing what they see).
import { useState } from 'react';
import type { RunView } from '../../../../src-shared/contract';
import { useNow } from '../../components/use-now';
import { DataRunForm } from './DataRunForm';
import { STATUS_ICON, countsWords, dataWords, elapsed, statusWords } from './runner-words';
import { isFinished } from './runner-store';
import { useProfileName } from './use-profile-name';

interface RunHeaderProps {
  run: RunView;
  busy: boolean;
  onStop(): void;
  onRunAgain(): void;
  onUpdateSnapshots(): void;
}

export function RunHeader({ run, busy, onStop, onRunAgain, onUpdateSnapshots }: RunHeaderProps) {
  const finished = isFinished(run);
  const now = useNow({ active: !finished });
  const profile = useProfileName(run.profileId);
  const ms = run.durationMs ?? now - Date.parse(run.startedAt);
  const [choosingData, setChoosingData] = useState(false);

  return (
    <div className="run-header">
      <div className="run-title">
        <h3>{run.name}</h3>
        <span className={`run-status run-${run.status}`} role="status" aria-label="Run status">
          <span aria-hidden="true" className="run-icon">
            {STATUS_ICON[run.status]}
          </span>{' '}
          {statusWords(run.status)}
        </span>
        <div className="run-actions">
          {finished ? (
            <>
              <button type="button" disabled={busy} onClick={onRunAgain}>
                Run again
              </button>
              <button
                type="button"
                disabled={busy}
                aria-expanded={choosingData}
                onClick={() => setChoosingData((open) => !open)}
              >
                Run with data…
              </button>
              <button
                type="button"
                disabled={busy}
                onClick={onUpdateSnapshots}
                title="Run again, each snapshot check storing what it sees in the collection's __snapshots__ folder instead of comparing"
              >
                Update snapshots
              </button>
            </>
          ) : (
            <button type="button" disabled={busy} onClick={onStop}>
              Stop
            </button>
          )}
        </div>
      </div>
      <dl className="run-facts">
        <div>
          <dt>Profile</dt>
          <dd>
            {profile}
            {run.sandbox ? '' : ' (not the sandbox)'}
          </dd>
        </div>
        <div>
          <dt>Steps</dt>
          <dd>{countsWords(run.counts)}</dd>
        </div>
        <div>
          <dt>Elapsed</dt>
          <dd className="mono">{Number.isFinite(ms) ? elapsed(ms) : '—'}</dd>
        </div>
        {run.data ? (
          <div>
            <dt>Data</dt>
            <dd className="mono">{dataWords(run.data)}</dd>
          </div>
        ) : null}
      </dl>
      {run.data && run.data.unused.length > 0 ? (
        <p className="run-data-unused quiet">
          No step uses the column{run.data.unused.length === 1 ? '' : 's'}{' '}
          <span className="mono">{run.data.unused.join(', ')}</span> of {run.data.file}: check the
          name{run.data.unused.length === 1 ? '' : 's'}.
        </p>
      ) : null}
      {choosingData && finished ? (
        <DataRunForm busy={busy} onClose={() => setChoosingData(false)} />
      ) : null}
    </div>
  );
}
