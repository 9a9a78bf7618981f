// The composer's history: past API calls from the journal (api.search, newest first), searched as
// the person types, refreshed when a new API call is journaled, with a selection for the HAR
// export. Searches are numbered so a slow answer for an old query never replaces a newer one.
import { createStore } from 'zustand/vanilla';
import type { ApiRecord, Bridge } from '../../../../src-shared/contract';
import { errorMessage } from '../../errors';
import type { AppStore } from '../header/app-store';
import { latestOnly, onProfileSwitch } from '../../stores/profile-switch';

export interface ComposerHistoryState {
  query: string;
  records: ApiRecord[];
  searching: boolean;
  error: string | null;
  /** Seqs ticked for a HAR export. */
  selected: number[];
  setQuery(query: string): void;
  toggle(seq: number): void;
  clearSelection(): void;
  /** Copy as cURL: the command (redacted unless `includeSecrets`) and what it could not do. */
  curl(
    seq: number,
    includeSecrets: boolean,
  ): Promise<{ command: string; notes: string[] } | { error: string }>;
  /** HAR 1.2 of the given calls: the file name and JSON to download. */
  har(seqs: number[]): Promise<{ filename: string; json: string } | { error: string }>;
}

export type ComposerHistoryStore = ReturnType<typeof createComposerHistoryStore>;

const SEARCH_DELAY_MS = 200;
const LIMIT = 200;

export function createComposerHistoryStore(bridge: Bridge, app: AppStore) {
  const searches = latestOnly();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const store = createStore<ComposerHistoryState>()((set) => ({
    query: '',
    records: [],
    searching: false,
    error: null,
    selected: [],
    setQuery(query) {
      set({ query });
      schedule();
    },
    toggle: (seq) =>
      set((s) => ({
        selected: s.selected.includes(seq)
          ? s.selected.filter((x) => x !== seq)
          : [...s.selected, seq],
      })),
    clearSelection: () => set({ selected: [] }),
    async curl(seq, includeSecrets) {
      try {
        const out = await bridge.invoke('api.exportCurl', { seq, includeSecrets });
        return { command: out.command, notes: out.notes };
      } catch (err) {
        return { error: `Copy as cURL failed: ${errorMessage(err)}` };
      }
    },
    async har(seqs) {
      try {
        return await bridge.invoke('api.exportHar', { seqs });
      } catch (err) {
        return { error: `The HAR export failed: ${errorMessage(err)}` };
      }
    },
  }));

  function schedule(delay = SEARCH_DELAY_MS) {
    clearTimeout(timer);
    timer = setTimeout(() => void search(), delay);
  }

  async function search() {
    const latest = searches.begin();
    const profileId = app.getState().profiles?.activeProfileId;
    store.setState({ searching: true });
    try {
      const { records } = await bridge.invoke('api.search', {
        query: store.getState().query,
        limit: LIMIT,
        ...(profileId ? { profileId } : {}),
      });
      if (!latest()) return;
      const seqs = new Set(records.map((r) => r.seq));
      store.setState((s) => ({
        records,
        searching: false,
        error: null,
        selected: s.selected.filter((seq) => seqs.has(seq)),
      }));
    } catch (err) {
      if (latest()) {
        store.setState({
          searching: false,
          error: `The history could not be searched: ${errorMessage(err)}`,
        });
      }
    }
  }

  return Object.assign(store, {
    start(): () => void {
      schedule(0);
      // A new call, a new session or another profile: search again (calls come in bursts).
      const offs = [
        bridge.on('log.appended', (record) => {
          if (record.kind === 'api') schedule(300);
        }),
        bridge.on('sessions.changed', () => schedule(0)),
        onProfileSwitch(app, () => schedule(0)),
      ];
      return () => {
        offs.forEach((off) => off());
        clearTimeout(timer);
      };
    },
  });
}
