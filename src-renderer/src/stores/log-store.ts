// The event log domain: the journal's newest records (log.list at start, for what was there before
// a restart), then every log.appended live; capped in memory, the journal on disk keeps all.
import { createStore } from 'zustand/vanilla';
import type { Connection } from '../bridge';
import type { Bridge, JournalRecord } from '../contract';
import { errorMessage } from '../errors';
import { LOG_MEMORY_CAP, mergeRecords } from './merge-records';

const PAGE_SIZE = 500;

export interface LogState {
  records: JournalRecord[];
  selectedSeq: number | null;
  loading: boolean;
  loadError: string | null;
  /** The engine's journal has records before the first one shown. */
  hasEarlier: boolean;
  loadingEarlier: boolean;
  select(seq: number | null): void;
  /** Pages one batch further back through the journal (log.list with beforeSeq). */
  loadEarlier(): Promise<void>;
}

/** Paging back stops at the memory cap: merging more would drop the newest records instead. */
export function canLoadEarlier(state: LogState): boolean {
  return state.hasEarlier && state.records.length < LOG_MEMORY_CAP;
}

export type LogStore = ReturnType<typeof createLogStore>;

export function selectedRecord(state: LogState): JournalRecord | null {
  if (state.selectedSeq === null) return null;
  return state.records.find((r) => r.seq === state.selectedSeq) ?? null;
}

export function createLogStore(bridge: Bridge, connection: Connection) {
  // Bumped when the log starts over (another session), so a list still in flight for the old one
  // is dropped instead of merged into the new one.
  let generation = 0;

  const store = createStore<LogState>()((set, get) => ({
    records: [],
    selectedSeq: null,
    loading: true,
    loadError: null,
    hasEarlier: false,
    loadingEarlier: false,
    select: (seq) => set({ selectedSeq: seq }),
    async loadEarlier() {
      const first = get().records[0];
      if (!first || get().loadingEarlier || !canLoadEarlier(get())) return;
      set({ loadingEarlier: true });
      try {
        const limit = Math.min(PAGE_SIZE, LOG_MEMORY_CAP - get().records.length);
        const mine = generation;
        const { records } = await bridge.invoke('log.list', { beforeSeq: first.seq, limit });
        if (mine !== generation) return set({ loadingEarlier: false });
        add(records);
        // A short page means the journal's start was reached.
        const more = records.length === limit && (get().records[0]?.seq ?? 1) > 1;
        set({ loadingEarlier: false, hasEarlier: more, loadError: null });
      } catch (err) {
        set({ loadingEarlier: false, loadError: errorMessage(err) });
      }
    },
  }));

  const add = (incoming: JournalRecord[]) =>
    store.setState((s) => ({ records: mergeRecords(s.records, incoming) }));

  async function load() {
    const mine = generation;
    store.setState({ loading: true });
    try {
      const { records } = await bridge.invoke('log.list', { limit: PAGE_SIZE });
      if (mine !== generation) return;
      add(records);
      // A full page may have more behind it; a short one is the whole journal. Once paged back,
      // a reconnect's reload must not hide the button for records still before the first shown.
      const first = store.getState().records[0]?.seq ?? 1;
      const more = first > 1 && (records.length === PAGE_SIZE || store.getState().hasEarlier);
      store.setState({ loading: false, loadError: null, hasEarlier: more });
    } catch (err) {
      if (mine === generation) store.setState({ loading: false, loadError: errorMessage(err) });
    }
  }

  function start(): () => void {
    let dropped = false;
    let sessionId: string | null = null;
    const offs = [
      bridge.on('log.appended', (record) => add([record])),
      // Another session's records are another journal (seqs start again): start over, not merge.
      bridge.on('sessions.changed', ({ activeId }) => {
        if (activeId === sessionId) return;
        sessionId = activeId;
        generation += 1;
        store.setState({ records: [], selectedSeq: null, hasEarlier: false });
        void load();
      }),
      connection.subscribe((next) => {
        // After a drop, list again: merging by seq fills in what was appended meanwhile.
        if (next.status === 'connected' && dropped) void load();
        dropped = next.status === 'reconnecting';
      }),
    ];
    void load();
    return () => offs.forEach((off) => off());
  }

  return Object.assign(store, { start });
}
