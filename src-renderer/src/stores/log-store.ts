// The event log domain: the journal's newest records (log.list at start, for what was there before
// a restart), then every log.appended live; capped in memory, the journal on disk keeps all.
import { createStore } from 'zustand/vanilla';
import type { Connection } from '../bridge';
import type { Bridge, JournalRecord } from '../contract';
import { errorMessage } from '../errors';
import { mergeRecords } from './merge-records';

const INITIAL_PAGE = 500;

export interface LogState {
  records: JournalRecord[];
  selectedSeq: number | null;
  loading: boolean;
  loadError: string | null;
  select(seq: number | null): void;
}

export type LogStore = ReturnType<typeof createLogStore>;

export function selectedRecord(state: LogState): JournalRecord | null {
  if (state.selectedSeq === null) return null;
  return state.records.find((r) => r.seq === state.selectedSeq) ?? null;
}

export function createLogStore(bridge: Bridge, connection: Connection) {
  const store = createStore<LogState>()((set) => ({
    records: [],
    selectedSeq: null,
    loading: true,
    loadError: null,
    select: (seq) => set({ selectedSeq: seq }),
  }));

  const add = (incoming: JournalRecord[]) =>
    store.setState((s) => ({ records: mergeRecords(s.records, incoming) }));

  async function load() {
    store.setState({ loading: true });
    try {
      const { records } = await bridge.invoke('log.list', { limit: INITIAL_PAGE });
      add(records);
      store.setState({ loading: false, loadError: null });
    } catch (err) {
      store.setState({ loading: false, loadError: errorMessage(err) });
    }
  }

  function start(): () => void {
    let dropped = false;
    const offs = [
      bridge.on('log.appended', (record) => add([record])),
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
