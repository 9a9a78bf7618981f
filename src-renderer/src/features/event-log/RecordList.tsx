// The matching records as a single-select listbox over the whole session (100,000 records and
// more): only the rows in view are in the DOM (plus the active one, so aria-activedescendant
// always points at an element that exists), and their data is fetched page by page as they come
// into view. Focus stays on the list; arrows, PageUp/PageDown, Home/End move, Enter opens.
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
import { isFiltered, shownCount } from './log-view';
import { useAuth, useLog } from '../../stores/stores-context';
import { NewRecordsBar } from './NewRecordsBar';
import { RecordRow, rowId } from './RecordRow';
import { createSlotPool, rowsToDraw, scrollToShow } from './row-window';

/** Must match .log-row's height in event-log.css: rows are fixed-height so nothing is measured. */
const ROW_HEIGHT = 22;
/** Rows drawn beyond those in view (row-window.ts). */
const OVERSCAN = 12;
/** How long after the last burst of records the rows left out above the view are drawn. */
const REFILL_MS = 150;

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
  const users = useAuth((s) => s.users);
  const [activeIndex, setActiveIndex] = useState(-1);
  const listRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLDivElement>(null);
  useImperativeHandle(ref, () => ({ focus: () => listRef.current?.focus() }), []);

  // A new filter or session is another list: the keyboard starts over from nothing.
  useEffect(() => setActiveIndex((i) => (i >= count ? -1 : i)), [count]);

  // Where the list is scrolled, as its first row in view (a scroll within a row changes nothing
  // drawn, so it is not a render), and how tall it is.
  const [firstRow, setFirstRow] = useState(0);
  const [viewport, setViewport] = useState(0);
  useLayoutEffect(() => {
    const el = listRef.current;
    if (!el) return;
    setViewport(el.clientHeight);
    // Its callbacks come after a layout, so reading the size there forces none.
    const watch = new ResizeObserver(() => setViewport(el.clientHeight));
    watch.observe(el);
    return () => watch.disconnect();
  }, []);

  // The count of the last render committed, and a render of its own for the rows left out above
  // the view while records came by the hundred (row-window.ts), once they stop.
  const drewCount = useRef(0);
  const [, refill] = useState(0);
  const { indexes, leftOut } = rowsToDraw({
    count,
    rowHeight: ROW_HEIGHT,
    scrollTop: firstRow * ROW_HEIGHT,
    viewportHeight: viewport,
    following,
    activeIndex,
    overscan: OVERSCAN,
    previousCount: drewCount.current,
  });
  useLayoutEffect(() => {
    drewCount.current = count;
  }, [count]);
  useEffect(() => {
    if (!leftOut) return;
    const timer = setTimeout(() => refill((n) => n + 1), REFILL_MS);
    return () => clearTimeout(timer);
  }, [leftOut, count]);
  // Each row drawn keeps its element, and a new row takes the element of one that left.
  const [slots] = useState(createSlotPool);
  const slotOf = slots.assign(indexes);
  // In the DOM by slot, not by position: a row that takes the slot of one that left keeps its
  // element where it is and changes its text. In position order, each batch moved the recycled
  // element to the other end of the list, and Chromium laid out and styled its whole subtree again
  // (bench:live's trace, invalidation tracking). The order a person hears is aria-posinset's.
  const drawOrder = indexes.map((index, i) => ({ index, slot: slotOf[i]! }));
  drawOrder.sort((a, b) => a.slot - b.slot);
  // The rows drawn (those in view, and the active one wherever it is), as a key for the effect.
  const drawn = indexes.join(',');

  // Ask for the rows drawn that are not loaded yet (the store fetches whole pages, once each).
  useEffect(() => {
    if (drawn) ensureRows(drawn.split(',').map(Number));
  }, [drawn, rows, ensureRows]);

  // The rows drawn before the list grew keep their element and are not drawn again (RecordRow):
  // their set size is brought up to date here, in the same commit.
  useLayoutEffect(() => {
    const size = String(count);
    for (const row of canvasRef.current?.children ?? []) {
      if (row.getAttribute('aria-setsize') !== size) row.setAttribute('aria-setsize', size);
    }
  }, [count]);

  // Follow new records while at the end, as a terminal does; "jump to latest" comes here too.
  // After every other change of the commit: setting the scroll lays the page out at once, and a
  // change after it would need a second style pass in the frame.
  useLayoutEffect(() => {
    const el = listRef.current;
    if (el && following) el.scrollTop = count * ROW_HEIGHT;
  }, [count, following, jumpRequest]);

  const onScroll = () => {
    const el = listRef.current;
    if (!el) return;
    const top = el.scrollTop;
    const atEnd = count * ROW_HEIGHT - top - el.clientHeight < ROW_HEIGHT / 2;
    setFollowing(atEnd);
    // Following, what is drawn comes from the count: the scrolls to the end need no render.
    if (!atEnd) setFirstRow(Math.floor(top / ROW_HEIGHT));
  };

  const moveTo = (index: number) => {
    setActiveIndex(index);
    const el = listRef.current;
    const to = el && scrollToShow(index, ROW_HEIGHT, el.scrollTop, el.clientHeight);
    if (el && to !== null) el.scrollTop = to;
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
        <div ref={canvasRef} className="log-list-canvas" style={{ height: count * ROW_HEIGHT }}>
          {drawOrder.map(({ index, slot }) => (
            <RecordRow
              key={slot}
              index={index}
              row={rows.get(index)}
              setSize={count}
              top={index * ROW_HEIGHT}
              selectedSeq={selectedSeq}
              active={index === activeIndex}
              onPick={pick}
              users={users}
            />
          ))}
        </div>
      </div>
      <NewRecordsBar />
    </div>
  );
});
