// The load run in the app (docs/load.md, In the app), beside the endpoint check: the handler's URL
// and the profile are the check's (one form above both), the rate, the duration and the mix are
// the load's own. Start (or the question first, for a URL off this machine), the live figures from
// load.progress, Stop (load.stop: the engine still answers the summary of what was sent), and the
// last summary.
import { createStore } from 'zustand/vanilla';
import type { Bridge, LoadProgress, LoadSummary } from '../../../../src-shared/contract';
import { parseMix, type MixEntry } from '../../../../src-shared/rules/delivery-mix';
import { errorMessage } from '../../errors';
import type { EndpointCheckStore } from './endpoint-check-store';
import { offMachineGate } from './off-machine-gate';

export interface LoadState {
  /** Deliveries a second. */
  rate: number;
  durationSeconds: number;
  /** `text=60,picture=20`; empty: texts only. */
  mix: string;
  /** The URL of the run this window started, while it runs. */
  runningUrl: string | null;
  /** The last load.progress of that run. */
  progress: LoadProgress | null;
  summary: LoadSummary | null;
  /** A URL off this machine, waiting for the person's yes. */
  confirming: string | null;
  /** Why the last start (or Stop) failed, in words, until the next one. */
  error: string | null;
  setRate(rate: number): void;
  setDuration(seconds: number): void;
  setMix(mix: string): void;
  /** Starts the run of the check's URL, or asks first when it is not this machine. */
  start(): Promise<void>;
  /** The answer to the question: load the remote URL, or not. */
  confirmRemote(proceed: boolean): Promise<void>;
  stop(): Promise<void>;
}

export type LoadStore = ReturnType<typeof createLoadStore>;

const DEFAULT_RATE = 50;
const DEFAULT_DURATION_SECONDS = 5;

/**
 * The mix field as the engine takes it. Its syntax is checked here, with the command line's rule;
 * the kinds are the engine's to know (it refuses an unknown one, naming the kinds it has).
 */
function mixOf(text: string): MixEntry[] | undefined {
  if (!text.trim()) return undefined;
  const named = text.split(',').map((part) => part.split('=')[0]!.trim());
  try {
    return parseMix(text, named);
  } catch (err) {
    // The rule speaks of the command line's option; here the field is "Mix".
    throw new Error(errorMessage(err).replace(/^--mix/, 'Mix'), { cause: err });
  }
}

export function createLoadStore(bridge: Bridge, check: EndpointCheckStore) {
  const store = createStore<LoadState>()((set, get) => {
    async function launch(url: string, confirmRemote: boolean) {
      const { rate, durationSeconds } = get();
      let mix: MixEntry[] | undefined;
      try {
        mix = mixOf(get().mix);
      } catch (err) {
        set({ error: errorMessage(err), confirming: null });
        return;
      }
      const { profileId } = check.getState();
      set({ error: null, confirming: null, runningUrl: url, progress: null });
      try {
        const summary = await bridge.invoke('load.run', {
          url,
          rate,
          durationMs: Math.round(durationSeconds * 1000),
          confirmRemote,
          ...(mix ? { mix } : {}),
          ...(profileId ? { profileId } : {}),
        });
        set({ summary });
      } catch (err) {
        set({ error: errorMessage(err) });
      } finally {
        set({ runningUrl: null });
      }
    }
    const gate = offMachineGate(get, set, launch);

    return {
      rate: DEFAULT_RATE,
      durationSeconds: DEFAULT_DURATION_SECONDS,
      mix: '',
      runningUrl: null,
      progress: null,
      summary: null,
      confirming: null,
      error: null,
      setRate: (rate) => set({ rate }),
      setDuration: (durationSeconds) => set({ durationSeconds }),
      setMix: (mix) => set({ mix }),
      async start() {
        const url = check.getState().url.trim();
        if (!url) {
          set({ error: 'Give the URL of your handler (http://127.0.0.1:3000/hook), then Start.' });
          return;
        }
        // Not this machine: a load run is a flood of deliveries there, so ask first.
        await gate.send(url);
      },
      confirmRemote: (proceed) => gate.answer(proceed),
      async stop() {
        const url = get().runningUrl;
        if (!url) return;
        try {
          await bridge.invoke('load.stop', { url });
        } catch (err) {
          set({ error: `The load run did not stop: ${errorMessage(err)}` });
        }
      },
    };
  });

  function start(): () => void {
    return bridge.on('load.progress', (progress) => {
      // Another window's run of another URL is its own: this one shows the run it started.
      if (progress.url === store.getState().runningUrl) store.setState({ progress });
    });
  }

  return Object.assign(store, { start });
}
