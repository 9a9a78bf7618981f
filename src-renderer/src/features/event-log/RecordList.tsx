// The records as a single-select listbox: focus stays on the list and aria-activedescendant marks
// the row the arrow keys are on; Enter (or a click) selects it for the detail pane. Only the rows
// in view are in the DOM (up to 5000 records are kept), plus the active row, so that
// aria-activedescendant always points at an element that exists.
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import { useCallback, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useLog } from '../../stores/stores-context';
import { RecordRow } from './RecordRow';

const rowId = (seq: number) => `log-row-${seq}`;
/** Must match .log-row's height in layout.css: rows are fixed-height so nothing is measured. */
const ROW_HEIGHT = 22;
const PAGE = 10;

export function RecordList() {
  const records = useLog((s) => s.records);
  const selectedSeq = useLog((s) => s.selectedSeq);
  const select = useLog((s) => s.select);
  const [activeSeq, setActiveSeq] = useState<number | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);

  const active = activeSeq ?? selectedSeq;
  const activeIndex = active === null ? -1 : records.findIndex((r) => r.seq === active);

  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      if (activeIndex >= 0 && !indexes.includes(activeIndex)) {
        indexes.push(activeIndex);
        indexes.sort((a, b) => a - b);
      }
      return indexes;
    },
    [activeIndex],
  );

  const virtualizer = useVirtualizer({
    count: records.length,
    getScrollElement: () => listRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    rangeExtractor,
  });

  const pick = useCallback(
    (seq: number) => {
      setActiveSeq(seq);
      select(seq);
    },
    [select],
  );

  // Follow new records while the list is scrolled to the end, as a terminal does; when earlier
  // records are put in front, keep the rows that were in view where they were.
  const firstSeq = useRef<number | null>(null);
  useLayoutEffect(() => {
    const el = listRef.current;
    const previousFirst = firstSeq.current;
    firstSeq.current = records[0]?.seq ?? null;
    if (!el) return;
    if (stickToBottom.current) {
      el.scrollTop = el.scrollHeight;
    } else if (previousFirst !== null && records[0] && records[0].seq < previousFirst) {
      const added = records.findIndex((r) => r.seq === previousFirst);
      if (added > 0) el.scrollTop += added * ROW_HEIGHT;
    }
  }, [records]);

  const onScroll = () => {
    const el = listRef.current;
    if (el) stickToBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 4;
  };

  const moveTo = (index: number) => {
    setActiveSeq(records[index]!.seq);
    virtualizer.scrollToIndex(index, { align: 'auto' });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (records.length === 0) return;
    const last = records.length - 1;
    const current = activeIndex;
    switch (e.key) {
      case 'ArrowDown':
        moveTo(current < 0 ? 0 : Math.min(last, current + 1));
        break;
      case 'ArrowUp':
        moveTo(current < 0 ? last : Math.max(0, current - 1));
        break;
      case 'PageDown':
        moveTo(Math.min(last, Math.max(0, current) + PAGE));
        break;
      case 'PageUp':
        moveTo(Math.max(0, current - PAGE));
        break;
      case 'Home':
        moveTo(0);
        break;
      case 'End':
        moveTo(last);
        break;
      case 'Enter':
      case ' ':
        if (current >= 0) select(records[current]!.seq);
        break;
      default:
        return;
    }
    e.preventDefault();
  };

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
        aria-activedescendant={activeIndex >= 0 ? rowId(records[activeIndex]!.seq) : undefined}
        onKeyDown={onKeyDown}
        onScroll={onScroll}
      >
        {/* Set through the DOM style property, which the page's CSP (no inline styles) allows. */}
        <div className="log-list-canvas" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const r = records[item.index]!;
            return (
              <RecordRow
                key={r.seq}
                id={rowId(r.seq)}
                record={r}
                position={item.index + 1}
                setSize={records.length}
                top={item.start}
                selected={r.seq === selectedSeq}
                active={item.index === activeIndex}
                onPick={pick}
              />
            );
          })}
        </div>
      </div>
    </div>
  );
}
