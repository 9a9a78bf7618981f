// The records as a single-select listbox: focus stays on the list and aria-activedescendant marks
// the row the arrow keys are on; Enter (or a click) selects it for the detail pane.
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import { useLog } from '../../stores/stores-context';
import { RecordRow } from './RecordRow';

const rowId = (seq: number) => `log-row-${seq}`;
const PAGE = 10;

export function RecordList() {
  const records = useLog((s) => s.records);
  const selectedSeq = useLog((s) => s.selectedSeq);
  const select = useLog((s) => s.select);
  const [activeSeq, setActiveSeq] = useState<number | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);

  const pick = useCallback(
    (seq: number) => {
      setActiveSeq(seq);
      select(seq);
    },
    [select],
  );

  // Follow new records while the list is scrolled to the end, as a terminal does.
  useLayoutEffect(() => {
    const el = listRef.current;
    if (el && stickToBottom.current) el.scrollTop = el.scrollHeight;
  }, [records]);

  useEffect(() => {
    if (activeSeq !== null)
      document.getElementById(rowId(activeSeq))?.scrollIntoView({ block: 'nearest' });
  }, [activeSeq]);

  const onScroll = () => {
    const el = listRef.current;
    if (el) stickToBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 4;
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (records.length === 0) return;
    const current = records.findIndex((r) => r.seq === (activeSeq ?? selectedSeq));
    const last = records.length - 1;
    let next: number | null = null;
    switch (e.key) {
      case 'ArrowDown':
        next = current < 0 ? 0 : Math.min(last, current + 1);
        break;
      case 'ArrowUp':
        next = current < 0 ? last : Math.max(0, current - 1);
        break;
      case 'PageDown':
        next = Math.min(last, Math.max(0, current) + PAGE);
        break;
      case 'PageUp':
        next = Math.max(0, current - PAGE);
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = last;
        break;
      case 'Enter':
      case ' ':
        if (current >= 0) select(records[current]!.seq);
        e.preventDefault();
        return;
      default:
        return;
    }
    e.preventDefault();
    setActiveSeq(records[next]!.seq);
  };

  const active = activeSeq ?? selectedSeq;
  return (
    <div className="log-list-wrap">
      {records.length === 0 ? (
        <p className="log-empty quiet">
          No records yet. Requests and grants appear here as they happen.
        </p>
      ) : null}
      <div
        ref={listRef}
        className="log-list"
        role="listbox"
        aria-label="Records"
        tabIndex={0}
        aria-activedescendant={
          active !== null && records.some((r) => r.seq === active) ? rowId(active) : undefined
        }
        onKeyDown={onKeyDown}
        onScroll={onScroll}
      >
        {records.map((r) => (
          <RecordRow
            key={r.seq}
            id={rowId(r.seq)}
            record={r}
            selected={r.seq === selectedSeq}
            active={r.seq === active}
            onPick={pick}
          />
        ))}
      </div>
    </div>
  );
}
