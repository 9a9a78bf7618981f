// The event log: one timeline of everything the engine journals (API calls, deliveries and their
// forwards, grants, the tunnel, system notes), filtered and searched in the engine so a session of
// 100,000 records stays quick, newest at the bottom as in a terminal, with the selected record's
// detail underneath and the session controls in the heading.
import { useRef, type KeyboardEvent } from 'react';
import { Pane } from '../../components/Pane';
import { shownCount, type LogState } from './log-view';
import { useLog, useStores } from '../../stores/stores-context';
import { usePaced } from '../../stores/use-paced';
import { FirstRun } from '../first-run/FirstRun';
import { FilterBar } from './FilterBar';
import { LogSplit } from './LogSplit';
import { RecordDetail } from './RecordDetail';
import { useRecordCompare } from './record-compare';
import { RecordList, type RecordListHandle } from './RecordList';
import { SessionsBar } from './SessionsBar';
import './event-log.css';

const typing = (el: EventTarget) =>
  el instanceof HTMLElement &&
  (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));

/** The count's words: a string, so a value equal to the one shown repaints nothing. */
const countWords = (s: LogState) => {
  const count = shownCount(s);
  if (s.loading && count === 0) return 'Waiting for the engine to count the records…';
  const shownOf = count !== s.total ? ` shown of ${s.total}` : '';
  return `${count} ${count === 1 ? 'record' : 'records'}${shownOf}`;
};

/**
 * Repainted at most this often: the count changes with every batch of live records, tens a second
 * while deliveries come, and a person reads a few numbers a second.
 */
const COUNT_REPAINT_MS = 250;

/** Its own component: the count changes with every frame of live records, the pane around it need not. */
function LogCount() {
  const words = usePaced(useStores().log, countWords, COUNT_REPAINT_MS);
  return (
    <p className="log-count quiet" role="status" aria-label="Record count">
      {words}
    </p>
  );
}

export function EventLog() {
  const loadError = useLog((s) => s.loadError);
  const indexing = useLog((s) => s.indexing);
  const counting = useLog((s) => s.counting);
  const searchRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<RecordListHandle>(null);
  const selected = useLog((s) => s.selected);
  const compare = useRecordCompare();

  // "/" and Ctrl+F search the log (inside this pane, so other panes keep the browser's find);
  // Escape from the search box goes back to the list. M marks the record open in the detail for
  // compare, C compares it with the marked one (outside text fields, with no modifier).
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const find = (e.key === 'f' || e.key === 'F') && (e.ctrlKey || e.metaKey) && !e.altKey;
    const plain = !e.ctrlKey && !e.metaKey && !e.altKey && !typing(e.target);
    const key = e.key.toLowerCase();
    if (plain && selected && (key === 'm' || key === 'c')) {
      e.preventDefault();
      if (key === 'm') compare.toggleMark(selected);
      else compare.compareWith(selected);
    } else if (find || (e.key === '/' && !typing(e.target))) {
      e.preventDefault();
      searchRef.current?.focus();
      searchRef.current?.select();
    } else if (e.key === 'Escape' && e.target === searchRef.current) {
      listRef.current?.focus();
    }
  };

  return (
    <Pane title="Event log" className="pane-log" onKeyDown={onKeyDown} aside={<SessionsBar />}>
      <FilterBar searchRef={searchRef} />
      <LogCount />
      {indexing ? (
        <p className="quiet" role="status" aria-label="Indexing">
          Indexing the journal: {Math.floor((100 * indexing.done) / Math.max(1, indexing.total))}%.
          The counts and the list cover the records indexed so far; older ones are added as they are
          read.
        </p>
      ) : null}
      {counting ? (
        <p className="quiet" role="status" aria-label="Counting">
          Counting the matches: {Math.floor((100 * counting.done) / Math.max(1, counting.total))}%.
          The list shows the newest matches found so far; older ones are added as they are found.
        </p>
      ) : null}
      {loadError ? (
        <p className="error-text" role="alert">
          Could not read the event log: {loadError}. It is tried again when the engine reconnects;
          change a filter to try now.
        </p>
      ) : null}
      <FirstRun />
      <LogSplit list={<RecordList ref={listRef} />} detail={<RecordDetail compare={compare} />} />
    </Pane>
  );
}
