// The event log: every record the engine journals (API calls, grants, system notes), newest at the
// bottom as in a terminal, with the selected record's detail underneath.
import { Pane } from '../../components/Pane';
import { canLoadEarlier } from '../../stores/log-store';
import { useLog } from '../../stores/stores-context';
import { RecordDetail } from './RecordDetail';
import { RecordList } from './RecordList';
import './event-log.css';

export function EventLog() {
  const count = useLog((s) => s.records.length);
  const loading = useLog((s) => s.loading);
  const loadError = useLog((s) => s.loadError);
  const earlier = useLog(canLoadEarlier);
  const loadingEarlier = useLog((s) => s.loadingEarlier);
  const loadEarlier = useLog((s) => s.loadEarlier);
  return (
    <Pane
      title="Event log"
      className="pane-log"
      aside={
        <>
          <span className="quiet">
            {loading && count === 0
              ? 'loading…'
              : `${count} ${count === 1 ? 'record' : 'records'}${earlier ? ' shown' : ''}`}
          </span>
          {earlier ? (
            <button type="button" onClick={() => void loadEarlier()} disabled={loadingEarlier}>
              {loadingEarlier ? 'Loading earlier records…' : 'Load earlier records'}
            </button>
          ) : null}
        </>
      }
    >
      {loadError ? (
        <p className="error-text" role="alert">
          Could not read the event log: {loadError}
        </p>
      ) : null}
      <div className="log-split">
        <RecordList />
        <RecordDetail />
      </div>
    </Pane>
  );
}
