// One record as a dense row: seq, time, kind, then for HTTP records (calls, deliveries, forwards)
// method, what it was, status and time or signature, otherwise the record's one-line summary. A
// delivery says what arrived (its type, the sender, the start of its content) before its path, a
// call its endpoint and the user it acted for, so the row answers "what is this" unopened. A row
// whose page is still on its way says so instead of showing nothing.
import { memo } from 'react';
import type { ConnectedUser, LogRow } from '../../../../src-shared/contract';
import { clockTimeMs, durationMs } from '../../format';
import { rowStatus } from './row-status';

/**
 * The active profile's connected users, as the list reads them once for all its rows (a row of its
 * own reading would be a subscription made and dropped for every row drawn, many a frame).
 */
type UserNames = readonly ConnectedUser[];

interface RowProps {
  index: number;
  /** undefined while its page is being fetched. */
  row: LogRow | undefined;
  /**
   * The list's length when the row is drawn. A row is not drawn again for a new length alone (with
   * records coming, every row in view would be, every frame): the list updates the attribute.
   */
  setSize: number;
  /** Offset from the top of the list, in pixels. */
  top: number;
  selectedSeq: number | null;
  active: boolean;
  /** One function for every row (so a row whose props are unchanged is not drawn again). */
  onPick: (seq: number, index: number) => void;
  users: UserNames;
}

/** The row's element id: by seq once loaded (stable across pages), by position before. */
export const rowId = (row: LogRow | undefined, index: number) =>
  row ? `log-row-${row.seq}` : `log-row-at-${index}`;

/** A user by name where the active profile's connected users know it, by id otherwise. */
function UserName({
  userId,
  users,
  prefix = '',
}: {
  userId: string;
  users: UserNames;
  prefix?: string;
}) {
  const name = users.find((u) => u.userId === userId)?.displayName ?? null;
  return (
    <span className="row-user" title={userId}>
      {prefix}
      {name ?? userId}
    </span>
  );
}

/** The endpoint without its query: the query's user_id shows as the acting user instead. */
const endpointOf = (path: string) => path.split('?')[0] ?? path;

/** "(repeat)", "(replay)": its own box, which never shrinks, so what is beside it cannot hide it. */
function Mark({ row }: { row: LogRow }) {
  const mark = row.replayOf ? '(replay)' : row.repeatOf ? '(repeat)' : '';
  if (!mark) return null;
  return (
    <>
      <span className="row-mark mono">{mark}</span>
      {/* Secondary: in a narrow log it gives way (to an ellipsis) before the marker does. */}
      {row.replayOf && row.replayEdited ? <span className="row-mark-edit">edited</span> : null}
    </>
  );
}

function Main({ row, users }: { row: LogRow; users: UserNames }) {
  const p = row.preview;
  if (row.kind === 'delivery' && p) {
    return (
      <span className="col-main row-gist" title={row.summary}>
        <span className="row-type">{p.type}</span>
        {/* Beside the type, where a narrow log (about 150 px for this cell at 1280 px) keeps it:
            the user, the text and the path give way first. */}
        <Mark row={row} />
        {p.from ? <UserName userId={p.from} users={users} /> : null}
        {p.text ? <span className="row-text">{p.text}</span> : null}
        <span className="row-path mono">{row.path}</span>
      </span>
    );
  }
  if (row.kind === 'api') {
    return (
      <span className="col-main row-gist" title={row.summary}>
        <span className="mono row-endpoint" title={row.path}>
          {endpointOf(row.path ?? '')}
        </span>
        <Mark row={row} />
        {row.userId ? <UserName userId={row.userId} users={users} prefix="as " /> : null}
      </span>
    );
  }
  return (
    <span className="col-main row-gist" title={row.summary}>
      <span className="row-path mono">{row.path}</span>
      <Mark row={row} />
    </span>
  );
}

function Cells({ row, users }: { row: LogRow; users: UserNames }) {
  if (row.method === undefined) {
    return (
      <span className={`col-main col-summary${row.level ? ` level-${row.level}` : ''}`}>
        {row.summary}
      </span>
    );
  }
  const status = rowStatus(row);
  return (
    <>
      <span className="col-method">{row.method}</span>
      <Main row={row} users={users} />
      <span className={`col-status ${status.className}`} title={status.title}>
        {status.text}
      </span>
      {/* Deliveries: the signature outcome where calls show their time. */}
      {row.signature ? (
        <span className="col-ms">
          <span className={`sig-badge sig-${row.signature}`} title={`signature ${row.signature}`}>
            {row.signature}
          </span>
        </span>
      ) : (
        <span className="col-ms">{row.totalMs !== undefined ? durationMs(row.totalMs) : ''}</span>
      )}
    </>
  );
}

const sameButSetSize = (a: RowProps, b: RowProps) =>
  a.index === b.index &&
  a.row === b.row &&
  a.top === b.top &&
  a.selectedSeq === b.selectedSeq &&
  a.active === b.active &&
  a.onPick === b.onPick &&
  a.users === b.users;

export const RecordRow = memo(function RecordRow({
  index,
  row,
  setSize,
  top,
  selectedSeq,
  active,
  onPick,
  users,
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
      onClick={row ? () => onPick(row.seq, index) : undefined}
    >
      {row ? (
        <>
          <span className="col-seq">{row.seq}</span>
          <span className="col-time">{clockTimeMs(row.at)}</span>
          <span className={`col-kind kind-${row.kind}`}>{row.kind}</span>
          <Cells row={row} users={users} />
        </>
      ) : (
        <span className="col-summary quiet">loading row {index + 1}…</span>
      )}
    </div>
  );
}, sameButSetSize);
