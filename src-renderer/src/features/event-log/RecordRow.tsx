// One journal record as a dense row: seq, time, kind, and for API calls method, path, status and
// total time, otherwise the record's one-line summary.
import { memo } from 'react';
import type { JournalRecord } from '../../contract';
import { clockTimeMs, durationMs, urlPath } from '../../format';

interface RowProps {
  record: JournalRecord;
  id: string;
  /** 1-based position and the list's size: only the rows in view are in the DOM. */
  position: number;
  setSize: number;
  /** Offset from the top of the list, in pixels. */
  top: number;
  selected: boolean;
  active: boolean;
  onPick: (seq: number) => void;
}

function statusClass(status: number | null): string {
  if (status === null) return 'status-none';
  if (status >= 500) return 'status-5xx';
  if (status >= 400) return 'status-4xx';
  if (status >= 300) return 'status-3xx';
  return 'status-2xx';
}

export const RecordRow = memo(function RecordRow({
  record,
  id,
  position,
  setSize,
  top,
  selected,
  active,
  onPick,
}: RowProps) {
  return (
    <div
      id={id}
      role="option"
      aria-selected={selected}
      aria-posinset={position}
      aria-setsize={setSize}
      style={{ transform: `translateY(${top}px)` }}
      className={`log-row${active ? ' active' : ''}`}
      onClick={() => onPick(record.seq)}
    >
      <span className="col-seq">{record.seq}</span>
      <span className="col-time">{clockTimeMs(record.at)}</span>
      <span className={`col-kind kind-${record.kind}`}>{record.kind}</span>
      {record.kind === 'api' ? (
        <>
          <span className="col-method">{record.api.method}</span>
          <span className="col-main mono" title={record.api.url}>
            {urlPath(record.api.url)}
          </span>
          <span className={`col-status ${statusClass(record.api.status)}`}>
            {record.api.status ?? 'failed'}
          </span>
          <span className="col-ms">{durationMs(record.api.timing.totalMs)}</span>
        </>
      ) : (
        <span className="col-main col-summary">{record.summary}</span>
      )}
    </div>
  );
});
