// The event log domain. The journal can hold 100,000 records and more, so the renderer never holds
// them all: the engine filters and searches (log.query) and the store keeps the number of matches
// and the rows loaded so far around what the virtual list shows, page by page. Live records
// (log.appended) are run through the same filter code here and added at the end. The detail pane
// asks for one record in full (log.get).
import { createStore } from 'zustand/vanilla';
import { compileFilter, toRow, type CompiledFilter } from '../../../../src-shared/rules/log-filter';
import type { Connection } from '../../bridge';
import type { Bridge, JournalRecord, LogFacets, LogRow } from '../../../../src-shared/contract';
import { errorMessage } from '../../errors';
import { latestOnly } from '../../stores/profile-switch';
import { afterGap } from '../../stores/next-frame';
import { liveQueue } from './live-queue';
import type { FocusStore } from '../workbench/focus-store';
import { detailActions } from './log-detail';
import { mergeFacets } from './log-facets';
import { sessionsSlice } from './log-sessions';
import { matchesThrough, type LogState } from './log-view';

/** Rows per log.query page. */
export const LOG_PAGE = 200;
/** Rows kept loaded; beyond it, those far from what the list shows are dropped (and re-fetched). */
const ROW_CACHE_CAP = 4000;
/** Full records of the newest live records, so selecting one just seen needs no round trip. */
const RECENT_CAP = 300;
/**
 * At most one live update this often (every other frame at 60 Hz): each update costs the page a
 * style pass, a layout and a paint whatever it adds, and at every frame those filled the main
 * thread while deliveries came at 200 a second (bench:live).
 */
const LIVE_MIN_GAP_MS = 30;
/**
 * While the engine indexes the journal or counts a search's matches, the view asks again this
 * often to count what is done.
 */
const INDEXING_REFRESH_MS = 700;

const NO_FACETS: LogFacets = {
  eventTypes: [],
  msgTypes: [],
  users: [],
  rooms: [],
  contacts: [],
  profiles: [],
};

export type LogStore = ReturnType<typeof createLogStore>;

export function createLogStore(bridge: Bridge, connection: Connection, focus: FocusStore) {
  // A new view begins whenever it starts over (another filter, another session): answers still in
  // flight for the old one are dropped instead of merged in.
  const views = latestOnly();
  /**
   * What the store keeps of the view besides its state (none of it is shown): the filter compiled
   * for the live records, the row the list last asked for (where rows are kept when the cache is
   * trimmed), the pages being fetched, and the timer that asks again while the engine indexes.
   */
  const view = {
    compiled: compileFilter({}) as CompiledFilter,
    around: 0,
    pagesInFlight: new Set<number>(),
    indexingTimer: null as ReturnType<typeof setTimeout> | null,
    /** The filter the list was paused on: an answer for it keeps the paused rows and count. */
    pausedFilterKey: null as string | null,
  };
  const live = liveQueue(applyLive, (flush, appliedAt) =>
    afterGap(flush, appliedAt, LIVE_MIN_GAP_MS),
  );
  /** Full records of the newest live records (at most RECENT_CAP), oldest first. */
  const recent = new Map<number, JournalRecord>();

  const store = createStore<LogState>()((set, get) => ({
    ...sessionsSlice(bridge, set, get),
    ...detailActions(bridge),
    filter: {},
    total: 0,
    rows: new Map(),
    throughSeq: 0,
    loading: true,
    loadError: null,
    facets: NO_FACETS,
    indexing: null,
    counting: null,
    selectedSeq: null,
    selected: null,
    selectedError: null,
    paused: false,
    pausedTotal: 0,
    pausedThroughSeq: 0,
    following: true,
    seenTotal: 0,
    jumpRequest: 0,
    setFilter(patch) {
      const filter = { ...get().filter, ...patch };
      if (patch.contactId === undefined && 'contactId' in patch) focus.getState().clearFocus();
      set({ filter });
      void reload();
    },
    resetFilter() {
      focus.getState().clearFocus();
      // The view's Clear is not a filter: it stays until "Show cleared records".
      set({ filter: { afterSeq: get().filter.afterSeq } });
      void reload();
    },
    clearView() {
      // A fresh start: the record open in the detail goes with the rows.
      get().select(null);
      get().setFilter({ afterSeq: get().throughSeq });
    },
    ensureRows(indexes) {
      const { rows, total } = get();
      const pages = new Set<number>();
      for (const i of indexes) {
        if (i >= 0 && i < total && !rows.has(i)) pages.add(Math.floor(i / LOG_PAGE) * LOG_PAGE);
      }
      const around = indexes.length ? indexes[Math.floor(indexes.length / 2)]! : 0;
      view.around = around;
      for (const page of pages) void loadPage(page, around);
    },
    select(seq) {
      const known = seq === null ? null : (recent.get(seq) ?? null);
      set({ selectedSeq: seq, selected: known, selectedError: null });
      if (seq === null || known) return;
      bridge.invoke('log.get', { seq }).then(
        ({ record }) => {
          if (get().selectedSeq !== seq) return;
          set({
            selected: record,
            selectedError: record
              ? null
              : `Record #${seq} is not in this session's journal (another session is open).`,
          });
        },
        (err: unknown) => {
          if (get().selectedSeq === seq) {
            set({ selectedError: `Could not read record #${seq}: ${errorMessage(err)}` });
          }
        },
      );
    },
    setPaused(paused) {
      view.pausedFilterKey = paused ? JSON.stringify(get().filter) : null;
      set(
        paused
          ? { paused, pausedTotal: get().total, pausedThroughSeq: get().throughSeq }
          : { paused, following: true },
      );
      if (!paused) get().jumpToLatest();
    },
    setFollowing(following) {
      if (following === get().following) return;
      set(following ? { following } : { following, seenTotal: get().total });
    },
    jumpToLatest() {
      set((s) => ({
        paused: false,
        following: true,
        seenTotal: s.total,
        jumpRequest: s.jumpRequest + 1,
      }));
    },
  }));
  const { getState: get, setState: set } = store;

  async function reload() {
    const latest = views.begin();
    view.compiled = compileFilter(get().filter);
    // The answer covers the records appended until it is made: those that arrive meanwhile wait.
    live.hold();
    view.pagesInFlight.clear();
    set({ loading: true });
    try {
      const out = await bridge.invoke('log.query', {
        filter: get().filter,
        limit: LOG_PAGE,
        facets: true,
      });
      if (!latest()) return;
      const rows = new Map<number, LogRow>();
      out.rows.forEach((r, i) => rows.set(out.offset + i, r));
      // Paused, the list ends where it was paused, whatever the filter: the answer may hold records
      // that came since (a refresh, a reconnect, a search typed while paused), and those are its
      // new records. On the filter it was paused on, it keeps the rows it had; filtered anew, it
      // shows the new filter's matches up to the pause (a search typed just before the pause and
      // answered after it took the records since into the paused list, and its export).
      const filterKey = JSON.stringify(get().filter);
      const refiltered = get().paused && filterKey !== view.pausedFilterKey;
      const pausedTotal = refiltered
        ? await matchesThrough(bridge, get().filter, out, get().pausedThroughSeq)
        : null;
      if (!latest()) return;
      if (refiltered) view.pausedFilterKey = filterKey;
      set((s) => ({
        total: out.total,
        rows,
        throughSeq: out.throughSeq,
        facets: out.facets ?? NO_FACETS,
        indexing: out.indexing ?? null,
        counting: out.counting ?? null,
        loading: false,
        loadError: null,
        ...(pausedTotal !== null ? { pausedTotal } : {}),
        seenTotal: out.total,
        following: true,
        jumpRequest: s.jumpRequest + 1,
      }));
      if ((out.indexing || out.counting) && !view.indexingTimer) {
        const refresh = () => {
          view.indexingTimer = null;
          // A paused list keeps its rows and its count of new records: an answer now would count
          // the records that came since the pause as the list's own (N new records went back to 0).
          // It is asked again once the list resumes.
          if (get().paused) view.indexingTimer = setTimeout(refresh, INDEXING_REFRESH_MS);
          else void reload();
        };
        view.indexingTimer = setTimeout(refresh, INDEXING_REFRESH_MS);
      }
    } catch (err) {
      if (latest()) set({ loading: false, loadError: errorMessage(err) });
    }
    // A newer view holds the records for its own answer.
    if (latest()) live.release();
  }

  async function loadPage(offset: number, around: number) {
    if (view.pagesInFlight.has(offset)) return;
    view.pagesInFlight.add(offset);
    const latest = views.current();
    try {
      const out = await bridge.invoke('log.query', {
        filter: get().filter,
        offset,
        limit: LOG_PAGE,
      });
      if (!latest()) return;
      const rows = new Map(get().rows);
      out.rows.forEach((r, i) => rows.set(out.offset + i, r));
      trimRows(rows, around);
      set({ rows, loadError: null });
    } catch (err) {
      if (latest()) set({ loadError: errorMessage(err) });
    } finally {
      if (latest()) view.pagesInFlight.delete(offset);
    }
  }

  /** Keeps the cache bounded: drops rows far from what the list asked for. */
  function trimRows(rows: Map<number, LogRow>, around: number) {
    // Past the cap by a margin, so a steady stream of live rows trims now and then, not each frame.
    if (rows.size <= ROW_CACHE_CAP + LOG_PAGE) return;
    for (const index of rows.keys()) {
      if (Math.abs(index - around) > ROW_CACHE_CAP / 2) rows.delete(index);
    }
  }

  /** Adds the live records that arrived since the view's last answer, in one update. */
  function applyLive(batch: JournalRecord[]) {
    let { total, throughSeq, facets } = get();
    let rows: Map<number, LogRow> | null = null;
    for (const r of batch) {
      if (r.seq <= throughSeq) continue;
      throughSeq = r.seq;
      recent.set(r.seq, r);
      facets = mergeFacets(facets, r);
      if (!view.compiled.test(r)) continue;
      rows ??= new Map(get().rows);
      rows.set(total, toRow(r));
      total += 1;
    }
    while (recent.size > RECENT_CAP) recent.delete(recent.keys().next().value!);
    // A list that follows the end asks for the newest rows; one scrolled back, for those it shows.
    if (rows) trimRows(rows, get().following && !get().paused ? total - 1 : view.around);
    set({ total, throughSeq, facets, ...(rows ? { rows } : {}) });
  }

  function onAppended(record: JournalRecord) {
    // An archived session is shown read-only: what is appended goes to another session's journal.
    const sessions = get().sessions;
    if (sessions && sessions.activeId !== sessions.recordingId) return;
    live.push(record);
  }

  function startOver() {
    views.begin();
    live.drop();
    recent.clear();
    set({
      filter: { ...get().filter, afterSeq: undefined },
      total: 0,
      rows: new Map(),
      throughSeq: 0,
      selectedSeq: null,
      selected: null,
      selectedError: null,
      paused: false,
    });
    void reload();
  }

  function start(): () => void {
    let dropped = false;
    let sessionId: string | null = null;
    const offs = [
      bridge.on('log.appended', onAppended),
      // Another session's records are another journal (seqs start again): start over.
      bridge.on('sessions.changed', (state) => {
        set({ sessions: state });
        if (state.activeId === sessionId) return;
        sessionId = state.activeId;
        startOver();
      }),
      connection.subscribe((next) => {
        // After a drop, ask again: what was appended meanwhile is in the answer.
        if (next.status === 'connected' && dropped) {
          void reload();
          void get().refreshSessions();
        }
        dropped = next.status === 'reconnecting';
      }),
      // "Show in event log" from the contact editor: filter to that contact.
      focus.subscribe((next, before) => {
        if (next.contactId && next.requestedAt !== before.requestedAt) {
          store.setState({ filter: { ...get().filter, contactId: next.contactId } });
          void reload();
        }
      }),
    ];
    void get()
      .refreshSessions()
      .then(() => (sessionId ??= get().sessions?.activeId ?? null));
    const pending = focus.getState().contactId;
    if (pending) set({ filter: { contactId: pending } });
    void reload();
    return () => {
      offs.forEach((off) => off());
      if (view.indexingTimer) clearTimeout(view.indexingTimer);
    };
  }

  return Object.assign(store, { start });
}
