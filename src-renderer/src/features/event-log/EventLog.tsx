// The event log: every record the engine journals (API calls, grants, system notes), newest at the
// bottom as in a terminal, with the selected record's detail underneath.
import { Pane } from '../../components/Pane';
import { useLog } from '../../stores/stores-context';
import { RecordDetail } from './RecordDetail';
import { RecordList } from './RecordList';

export function EventLog() {
  const count = useLog((s) => s.records.length);
  const loading = useLog((s) => s.loading);
  const loadError = useLog((s) => s.loadError);
  return (
    <Pane
      title="Event log"
      className="pane-log"
      aside={
        <span className="quiet">{loading && count === 0 ? 'loading…' : `${count} records`}</span>
      }
    >
      {loadError ? (
        <p className="error-text" role="alert">
          Could not load earlier records: {loadError}
        </p>
      ) : null}
      <div className="log-split">
        <RecordList />
        <RecordDetail />
      </div>
    </Pane>
  );
}
