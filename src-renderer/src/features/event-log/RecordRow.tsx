// One record as a dense row: seq, time, kind, then for HTTP records (calls, deliveries, forwards)
// method, path, status and time or signature, otherwise the record's one-line summary. A row whose
// page is still on its way says so instead of showing nothing.
import { memo } from 'react';
import type { LogRow } from '../../../../src-shared/contract';
import { clockTimeMs, durationMs } from '../../format';

interface RowProps {
  index: number;
  /** undefined while its page is being fetched. */
  row: LogRow | undefined;
  setSize: number;
  /** Offset from the top of the list, in pixels. */
  top: number;
  selectedSeq: number | null;
  active: boolean;
  onPick: (seq: number) => void;
}

/** The row's element id: by seq once loaded (stable across pages), by position before. */
export const rowId = (row: LogRow | undefined, index: number) =>
  row ? `log-row-${row.seq}` : `log-row-at-${index}`;

function statusClass(status: number | null | undefined): string {
  if (status === undefined) return '';
  if (status === null) return 'status-none';
  if (status >= 500) return 'status-5xx';
  if (status >= 400) return 'status-4xx';
  if (status >= 300) return 'status-3xx';
  return 'status-2xx';
}

function Cells({ row }: { row: LogRow }) {
  if (row.method === undefined) {
    return (
      <span className={`col-main col-summary${row.level ? ` level-${row.level}` : ''}`}>
        {row.summary}
      </span>
    );
  }
  const mark = row.replayOf ? ' (replay)' : row.repeatOf ? ' (repeat)' : '';
  return (
    <>
      <span className="col-method">{row.method}</span>
      <span className="col-main mono" title={row.summary}>
        {row.path}
        {mark}
      </span>
      <span className={`col-status ${statusClass(row.status)}`}>{row.status ?? 'failed'}</span>
      {/* Deliveries: the signature outcome where calls show their time. */}
      {row.signature ? (
        <span className={`col-ms sig sig-${row.signature}`} title={`signature ${row.signature}`}>
          {row.signature}
        </span>
      ) : (
        <span className="col-ms">{row.totalMs !== undefined ? durationMs(row.totalMs) : ''}</span>
      )}
    </>
  );
}

export const RecordRow = memo(function RecordRow({
  index,
  row,
  setSize,
  top,
  selectedSeq,
  active,
  onPick,
}: RowProps) {
  return (
    <div
      id={rowId(row, index)}
      role="option"
      aria-selected={row !== undefined && row.seq === selectedSeq}
      aria-posinset={index + 1}
      aria-setsize={setSize}
      aria-busy={row === undefined}
      style={{ transform: `translateY(${top}px)` }}
      className={`log-row${active ? ' active' : ''}`}
      onClick={row ? () => onPick(row.seq) : undefined}
    >
      {row ? (
        <>
          <span className="col-seq">{row.seq}</span>
          <span className="col-time">{clockTimeMs(row.at)}</span>
          <span className={`col-kind kind-${row.kind}`}>{row.kind}</span>
          <Cells row={row} />
        </>
      ) : (
        <span className="col-summary quiet">loading row {index + 1}…</span>
      )}
    </div>
  );
});
