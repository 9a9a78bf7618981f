// The endpoint check in the app (docs/endpoint-check.md, In the app): the form (URL, profile, the
// signature method, the checks to run, the burst), the run with its progress (endpointCheck.progress) and Stop, the
// question before a URL that is not this machine, and the report card of each URL with the one
// before it, which the engine keeps (endpointCheck.state, endpointCheck.ended): a reloaded window
// shows them again. A check's deliveries are read from its run's session when it is opened.
import { createStore } from 'zustand/vanilla';
import type {
  ApiRecord,
  Bridge,
  EndpointCheckEntry,
  EndpointCheckHistory,
  EndpointCheckProgress,
} from '../../../../src-shared/contract';
import type { SignatureMethodName } from '../../../../src-shared/spec/shapes';
import type { Connection } from '../../bridge/connection';
import { errorMessage } from '../../errors';
import type { CenterStore } from '../workbench/center-store';
import { offMachineGate } from './off-machine-gate';

const DEFAULT_BURST = 50;

export interface EndpointCheckState {
  /** Every check of the battery, in the order they run. */
  checks: EndpointCheckEntry[];
  url: string;
  /** The profile whose secret signs; null: the active one. */
  profileId: string | null;
  /** The method the accepts checks sign with; null: the app's own (the profile's). */
  signatureMethod: SignatureMethodName | null;
  /** Check ids left out of the next run (none: all of them). */
  skipped: string[];
  burst: number;
  /** Runs going on, by URL. */
  running: Record<string, EndpointCheckProgress>;
  /** Each URL's last report and the one before it. */
  history: Record<string, EndpointCheckHistory>;
  /** The URL whose report the card shows. */
  shownUrl: string | null;
  /** A URL that is not this machine, waiting for the person's yes. */
  confirming: string | null;
  /** Why the last run (or action) failed, in words, until the next one. */
  error: string | null;
  loadError: string | null;
  /** Deliveries read back, by seq. */
  exchanges: Record<number, ApiRecord>;
  /** Why a check's deliveries could not be read, by check id. */
  exchangeErrors: Record<string, string>;
  setUrl(url: string): void;
  setProfile(profileId: string | null): void;
  setSignatureMethod(method: SignatureMethodName | null): void;
  /** Puts these checks in the next run, or leaves them out. */
  include(ids: readonly string[], on: boolean): void;
  setBurst(burst: number): void;
  /** Runs the check, or asks first when the URL is not this machine. */
  run(): Promise<void>;
  /** The answer to the question: run against the remote URL, or not. */
  confirmRemote(proceed: boolean): Promise<void>;
  stop(): Promise<void>;
  loadExchanges(sessionId: string, checkId: string, seqs: readonly number[]): Promise<void>;
  reload(): Promise<void>;
}

export type EndpointCheckStore = ReturnType<typeof createEndpointCheckStore>;

function without<T>(map: Record<string, T>, key: string): Record<string, T> {
  const out = { ...map };
  delete out[key];
  return out;
}

/** The deliveries of a check shown in place (the burst sends up to a thousand). */
export const EXCHANGES_SHOWN = 20;

export function createEndpointCheckStore(
  bridge: Bridge,
  connection: Connection,
  center: CenterStore,
) {
  const store = createStore<EndpointCheckState>()((set, get) => {
    async function launch(url: string, confirmRemote: boolean) {
      const { profileId, signatureMethod, skipped, burst } = get();
      set({ error: null, shownUrl: url, confirming: null });
      try {
        await bridge.invoke('endpointCheck.run', {
          url,
          burst,
          confirmRemote,
          ...(profileId ? { profileId } : {}),
          ...(signatureMethod ? { signatureMethod } : {}),
          ...(skipped.length ? { skip: skipped } : {}),
        });
      } catch (err) {
        set({ error: errorMessage(err) });
      }
    }
    const gate = offMachineGate(get, set, launch);

    return {
      checks: [],
      url: '',
      profileId: null,
      signatureMethod: null,
      skipped: [],
      burst: DEFAULT_BURST,
      running: {},
      history: {},
      shownUrl: null,
      confirming: null,
      error: null,
      loadError: null,
      exchanges: {},
      exchangeErrors: {},
      setUrl: (url) =>
        set({ url, confirming: null, ...(get().history[url] ? { shownUrl: url } : {}) }),
      setProfile: (profileId) => set({ profileId }),
      setSignatureMethod: (signatureMethod) => set({ signatureMethod }),
      include(ids, on) {
        const out = new Set(get().skipped);
        for (const id of ids) {
          if (on) out.delete(id);
          else out.add(id);
        }
        set({
          skipped: get()
            .checks.map((c) => c.id)
            .filter((id) => out.has(id)),
        });
      },
      setBurst: (burst) => set({ burst }),
      async run() {
        const url = get().url.trim();
        center.getState().show('endpoint-check');
        if (!url) {
          set({ error: 'Give the URL of your handler (http://127.0.0.1:3000/hook), then Run.' });
          return;
        }
        if (get().skipped.length === get().checks.length && get().checks.length > 0) {
          set({ error: 'Every check is left out: choose at least one, then Run.' });
          return;
        }
        // Not this machine: the battery sends forgeries and a burst there, so ask first.
        await gate.send(url);
      },
      confirmRemote: (proceed) => gate.answer(proceed),
      async stop() {
        const url = get().shownUrl ?? get().url.trim();
        try {
          await bridge.invoke('endpointCheck.stop', { url });
        } catch (err) {
          set({ error: `The check did not stop: ${errorMessage(err)}` });
        }
      },
      async loadExchanges(sessionId, checkId, seqs) {
        const wanted = seqs.slice(0, EXCHANGES_SHOWN).filter((seq) => !get().exchanges[seq]);
        if (!wanted.length) return;
        try {
          const { records } = await bridge.invoke('endpointCheck.exchanges', {
            sessionId,
            seqs: wanted,
          });
          const exchanges = { ...get().exchanges };
          for (const r of records) exchanges[r.seq] = r;
          set({ exchanges, exchangeErrors: without(get().exchangeErrors, checkId) });
        } catch (err) {
          set((s) => ({
            exchangeErrors: {
              ...s.exchangeErrors,
              [checkId]: `Could not read the deliveries of ${checkId}: ${errorMessage(err)}`,
            },
          }));
        }
      },
      async reload() {
        try {
          const state = await bridge.invoke('endpointCheck.state', {});
          const history = Object.fromEntries(state.history.map((h) => [h.url, h]));
          const running = Object.fromEntries(state.running.map((p) => [p.url, p]));
          const newest = state.running[0]?.url ?? state.history[0]?.url ?? null;
          set((s) => ({
            checks: state.checks,
            history,
            running,
            loadError: null,
            shownUrl: s.shownUrl ?? newest,
            url: s.url || (newest ?? ''),
          }));
        } catch (err) {
          set({ loadError: `Could not read the endpoint check's state: ${errorMessage(err)}` });
        }
      },
    };
  });

  function start(): () => void {
    const offs = [
      bridge.on('endpointCheck.progress', (progress) =>
        store.setState((s) => ({ running: { ...s.running, [progress.url]: progress } })),
      ),
      bridge.on('endpointCheck.ended', ({ url, history, error }) =>
        store.setState((s) => {
          const running = without(s.running, url);
          // A run this window did not start (another window's, or one from before a reload) says
          // why it ended here too; this window's own run says it from the command's answer.
          const told = error && s.shownUrl === url ? { error } : {};
          return {
            running,
            ...told,
            ...(history ? { history: { ...s.history, [url]: history } } : {}),
          };
        }),
      ),
      connection.subscribe((next) => {
        if (next.status === 'connected') void store.getState().reload();
      }),
    ];
    void store.getState().reload();
    return () => offs.forEach((off) => off());
  }

  return Object.assign(store, { start });
}
