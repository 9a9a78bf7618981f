// The matching records as a single-select listbox over the whole session (100,000 records and
// more): only the rows in view are in the DOM (plus the active one, so aria-activedescendant
// always points at an element that exists), and their data is fetched page by page as they come
// into view. Focus stays on the list; arrows, PageUp/PageDown, Home/End move, Enter opens.
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import {
  forwardRef,
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import { isFiltered, shownCount } from './log-store';
import { useLog } from '../../stores/stores-context';
import { NewRecordsBar } from './NewRecordsBar';
import { RecordRow, rowId } from './RecordRow';

/** Must match .log-row's height in event-log.css: rows are fixed-height so nothing is measured. */
const ROW_HEIGHT = 22;

export interface RecordListHandle {
  focus(): void;
}

export const RecordList = forwardRef<RecordListHandle>(function RecordList(_props, ref) {
  const count = useLog(shownCount);
  const rows = useLog((s) => s.rows);
  const selectedSeq = useLog((s) => s.selectedSeq);
  const select = useLog((s) => s.select);
  const ensureRows = useLog((s) => s.ensureRows);
  const setFollowing = useLog((s) => s.setFollowing);
  const following = useLog((s) => s.following);
  const jumpRequest = useLog((s) => s.jumpRequest);
  const loading = useLog((s) => s.loading);
  const filtered = useLog((s) => isFiltered(s.filter));
  const [activeIndex, setActiveIndex] = useState(-1);
  const listRef = useRef<HTMLDivElement>(null);
  useImperativeHandle(ref, () => ({ focus: () => listRef.current?.focus() }), []);

  // A new filter or session is another list: the keyboard starts over from nothing.
  useEffect(() => setActiveIndex((i) => (i >= count ? -1 : i)), [count]);

  const rangeExtractor = useCallback(
    (range: Range) => {
      // Following the end, the rows drawn are the newest ones already in the render that adds
      // them: the scroll to the end comes after it, and waiting for it would take another frame.
      const shown = range.endIndex - range.startIndex;
      const indexes = defaultRangeExtractor(
        following
          ? { ...range, startIndex: Math.max(0, count - 1 - shown), endIndex: count - 1 }
          : range,
      );
      if (activeIndex >= 0 && activeIndex < count && !indexes.includes(activeIndex)) {
        indexes.push(activeIndex);
        indexes.sort((a, b) => a - b);
      }
      return indexes;
    },
    [activeIndex, count, following],
  );

  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => listRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    rangeExtractor,
    // A scroll's new range renders with React's other updates, not in a render of its own.
    useFlushSync: false,
  });
  const items = virtualizer.getVirtualItems();
  // The rows drawn (those in view, and the active one wherever it is), as a key for the effect.
  const drawn = items.map((i) => i.index).join(',');

  // Ask for the rows drawn that are not loaded yet (the store fetches whole pages, once each).
  useEffect(() => {
    if (drawn) ensureRows(drawn.split(',').map(Number));
  }, [drawn, rows, ensureRows]);

  // Follow new records while at the end, as a terminal does; "jump to latest" comes here too.
  useLayoutEffect(() => {
    const el = listRef.current;
    if (el && following) el.scrollTop = el.scrollHeight;
  }, [count, following, jumpRequest]);

  const onScroll = () => {
    const el = listRef.current;
    if (el) setFollowing(el.scrollHeight - el.scrollTop - el.clientHeight < ROW_HEIGHT / 2);
  };

  const moveTo = (index: number) => {
    setActiveIndex(index);
    virtualizer.scrollToIndex(index, { align: 'auto' });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (count === 0) return;
    // Read here, not while rendering: reading a size forces a layout, once a frame while records come.
    const page = Math.max(1, Math.floor((listRef.current?.clientHeight ?? 220) / ROW_HEIGHT) - 1);
    const end = count - 1;
    const current = activeIndex;
    switch (e.key) {
      case 'ArrowDown':
        moveTo(current < 0 ? 0 : Math.min(end, current + 1));
        break;
      case 'ArrowUp':
        moveTo(current < 0 ? end : Math.max(0, current - 1));
        break;
      case 'PageDown':
        moveTo(Math.min(end, Math.max(0, current) + page));
        break;
      case 'PageUp':
        moveTo(Math.max(0, current - page));
        break;
      case 'Home':
        moveTo(0);
        break;
      case 'End':
        moveTo(end);
        break;
      case 'Enter':
      case ' ': {
        const row = current >= 0 ? rows.get(current) : undefined;
        if (row) select(row.seq);
        break;
      }
      default:
        return;
    }
    e.preventDefault();
  };

  const pick = useCallback(
    (seq: number, index: number) => {
      setActiveIndex(index);
      select(seq);
    },
    [select],
  );

  const activeRow = activeIndex >= 0 ? rows.get(activeIndex) : undefined;
  return (
    <div className="log-list-wrap">
      {count === 0 ? (
        <p className="log-empty quiet" role="status">
          {loading
            ? 'Waiting for the engine to list the records…'
            : filtered
              ? 'No records match the filter. Clear the filters to see every record.'
              : 'No records yet. Calls, deliveries and grants appear here as they happen.'}
        </p>
      ) : null}
      <div
        ref={listRef}
        className="log-list"
        role="listbox"
        aria-label="Records"
        tabIndex={0}
        aria-activedescendant={activeIndex >= 0 ? rowId(activeRow, activeIndex) : undefined}
        onKeyDown={onKeyDown}
        onScroll={onScroll}
      >
        {/* Set through the DOM style property, which the page's CSP (no inline styles) allows. */}
        <div className="log-list-canvas" style={{ height: virtualizer.getTotalSize() }}>
          {items.map((item) => (
            <RecordRow
              key={item.index}
              index={item.index}
              row={rows.get(item.index)}
              setSize={count}
              top={item.start}
              selectedSeq={selectedSeq}
              active={item.index === activeIndex}
              onPick={pick}
            />
          ))}
        </div>
      </div>
      <NewRecordsBar />
    </div>
  );
});
