// While the list is paused or scrolled back, new records are counted instead of pulling the view
// away from what the person reads; one click (or Enter) goes back to following them.
import { newRecordCount } from './log-view';
import { useLog } from '../../stores/stores-context';

export function NewRecordsBar() {
  const fresh = useLog(newRecordCount);
  const paused = useLog((s) => s.paused);
  const jump = useLog((s) => s.jumpToLatest);
  if (fresh === 0 && !paused) return null;
  return (
    <div className="log-new-bar" role="status">
      {paused ? <span className="quiet">Paused · </span> : null}
      <button type="button" className="link" onClick={jump}>
        {fresh} new {fresh === 1 ? 'record' : 'records'} — jump to latest
      </button>
    </div>
  );
}
