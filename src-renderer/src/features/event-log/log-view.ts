// What the Event log's view is, apart from how the store keeps it: its state, what the list shows
// of it (all the matches, or while paused those there were at the pause), and how many of a
// query's matches a paused list shows.
import { filterNarrows } from '../../../../src-shared/rules/log-filter';
import type {
  Bridge,
  JournalRecord,
  LogFacets,
  LogFilter,
  LogQueryOutput,
  LogRow,
} from '../../../../src-shared/contract';
import type { LogDetailActions } from './log-detail';
import type { LogSessionsState } from './log-sessions';

export interface LogState extends LogSessionsState, LogDetailActions {
  filter: LogFilter;
  /** Matching records in all (the engine's count, plus matching live records since). */
  total: number;
  /** Loaded rows by their index among the matches (0 = the oldest). */
  rows: ReadonlyMap<number, LogRow>;
  /** The last journal record the view has taken into account. */
  throughSeq: number;
  loading: boolean;
  loadError: string | null;
  facets: LogFacets;
  /**
   * While the engine is still indexing the journal (the first opening of a large one): how far, in
   * bytes. The counts and rows cover the records indexed so far.
   */
  indexing: { done: number; total: number } | null;
  /**
   * While the engine is still counting a full-text search's matches (one many records match): how
   * far. The count and the rows cover the newest matches found so far.
   */
  counting: { done: number; total: number } | null;
  selectedSeq: number | null;
  selected: JournalRecord | null;
  selectedError: string | null;
  /** Paused: the list keeps the rows it had (`pausedTotal`) while new ones are only counted. */
  paused: boolean;
  pausedTotal: number;
  /** The newest journal record the paused list takes into account (what an export of it ends at). */
  pausedThroughSeq: number;
  /** The list is scrolled to its end and follows new records. */
  following: boolean;
  /** `total` when the person scrolled away from the end, to count what came since. */
  seenTotal: number;
  /** Bumped to ask the list to scroll to its end ("jump to latest"). */
  jumpRequest: number;
  setFilter(patch: Partial<LogFilter>): void;
  resetFilter(): void;
  /** Clears the view (not the journal): only records after the newest one now are shown. */
  clearView(): void;
  /** Fetches the pages holding these row indexes that are not loaded yet (each page once). */
  ensureRows(indexes: readonly number[]): void;
  select(seq: number | null): void;
  setPaused(paused: boolean): void;
  setFollowing(following: boolean): void;
  jumpToLatest(): void;
}

/** Whether the filter narrows anything (the view's Clear aside). */
export const isFiltered = (filter: LogFilter): boolean => filterNarrows(filter, true);

/** How many rows the list shows: while paused, those there were at the pause. */
export const shownCount = (s: LogState) => (s.paused ? s.pausedTotal : s.total);

/** Records that arrived while paused or scrolled back, for "N new records — jump to latest". */
export function newRecordCount(s: LogState): number {
  if (s.paused) return s.total - s.pausedTotal;
  return s.following ? 0 : Math.max(0, s.total - s.seenTotal);
}

/** How many of the answer's matches are at or before `seq`: those a list paused there shows. */
export async function matchesThrough(
  bridge: Bridge,
  filter: LogFilter,
  out: LogQueryOutput,
  seq: number,
): Promise<number> {
  const newer = out.rows.filter((r) => r.seq > seq).length;
  // The newest page reaches back past `seq` (or holds every match): it counts those after it.
  if (out.offset === 0 || newer < out.rows.length) return out.total - newer;
  // More matches came since than a page holds: the engine counts them. A record appended between
  // the two answers is counted after `seq` though the first answer's total lacks it, so the
  // paused list may end a row early; it is whole again on Resume.
  const after = await bridge.invoke('log.query', {
    filter: { ...filter, afterSeq: Math.max(filter.afterSeq ?? 0, seq) },
    limit: 1,
  });
  return Math.max(0, out.total - after.total);
}
