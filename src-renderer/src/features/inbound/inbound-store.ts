// The Inbound tab's domain: the receiver (inbound.status), the active profile's response control,
// forward targets and RSA key (inbound.settings), the tunnel (tunnel.status, then tunnel.changed),
// and what the receiver did lately: its answers to the profile's deliveries and each forward
// target's last result, followed live from log.appended. Reloaded when the active profile changes
// or the engine link returns.
import { createStore } from 'zustand/vanilla';
import type { Connection } from '../../bridge';
import type {
  Bridge,
  ForwardSettings,
  NotForwardedReason,
  InboundSettings,
  InboundStatus,
  JournalRecord,
  ResponseControl,
  TunnelStatus,
} from '../../../../src-shared/contract';
import { errorMessage } from '../../errors';
import type { AppStore } from '../header/app-store';
import { frameBatcher, NO_FRAME_MS } from '../../stores/next-frame';
import { latestOnly, onProfileSwitch, type StillLatest } from '../../stores/profile-switch';

/** What the receiver answered one delivery. */
interface DeliveryAnswer {
  seq: number;
  at: string;
  status: number;
  reason: 'configured' | 'failure-rate' | 'unverified' | 'refused';
  /** The seq of the first delivery with the same message id: a retry (or a replay). */
  repeatOf?: number;
  /** The delivery a replay sent from TP Inspector repeats, and whether its data was edited. */
  replayOf?: number;
  replayEdited?: boolean;
  /** Given after the platform's deadline, in words (the record's `response.late`). */
  late?: string;
  summary: string;
}

/** One forward target's last result. */
export interface ForwardResult {
  seq: number;
  deliverySeq: number;
  at: string;
  status: number | null;
  error?: string;
  totalMs?: number;
  /** Nothing was sent, and why (the signature, a loop, the target is the receiver). */
  notForwarded?: NotForwardedReason;
  /** The target answered after the platform's deadline, in words (the record's `late`). */
  late?: string;
}

/** The parts of the pane that act on their own: each has its own progress words and error. */
type InboundSection = 'port' | 'response' | 'forwards' | 'key' | 'tunnel' | 'push';

export interface InboundState {
  profileId: string | null;
  status: InboundStatus | null;
  settings: InboundSettings | null;
  tunnel: TunnelStatus | null;
  /** When the tunnel.changed that said "reconnecting" arrived (Date.now()), to count down. */
  tunnelSince: number;
  loadError: string | null;
  /** What a section is doing now, in words ("Saving the response…"). */
  busy: Partial<Record<InboundSection, string>>;
  /** A section's last failure, in words, until its next action. */
  errors: Partial<Record<InboundSection, string>>;
  /** The last push's outcome, in words. */
  pushed: string | null;
  /** The newest answers first (at most RECENT_ANSWERS). */
  answers: DeliveryAnswer[];
  /** By target URL. */
  forwardResults: Record<string, ForwardResult>;
  /** The receiver's port for the next start (null: the default). */
  setPort(port: number | null): Promise<boolean>;
  setResponse(changes: Partial<ResponseControl>): Promise<boolean>;
  setForwards(changes: Partial<ForwardSettings>): Promise<boolean>;
  setPublicKey(pem: string | null): Promise<boolean>;
  useSandboxKey(): Promise<boolean>;
  startTunnel(options: { host?: string; subdomain?: string }): Promise<boolean>;
  useOwnUrl(publicUrl: string): Promise<boolean>;
  stopTunnel(): Promise<boolean>;
  pushToSandbox(): Promise<boolean>;
}

export type InboundStore = ReturnType<typeof createInboundStore>;

export const RECENT_ANSWERS = 8;
/** The recent answers change at most this often while deliveries keep coming. */
const ANSWERS_GAP_MS = 250;
/** Records read back at load to find the recent answers and forward results. */
const HISTORY = 300;

export function createInboundStore(bridge: Bridge, connection: Connection, app: AppStore) {
  const activeId = () => app.getState().profiles?.activeProfileId ?? null;
  const loads = latestOnly();

  const store = createStore<InboundState>()((set, get) => {
    /** Runs one section's command with its progress words; false (and the words) when it fails. */
    async function act<T>(
      section: InboundSection,
      words: string,
      run: (profileId: string) => Promise<T>,
      done: (out: T) => Partial<InboundState>,
    ): Promise<boolean> {
      const profileId = get().profileId;
      if (!profileId) return false;
      set((s) => ({
        busy: { ...s.busy, [section]: words },
        errors: { ...s.errors, [section]: undefined },
      }));
      try {
        const out = await run(profileId);
        set((s) => ({ ...done(out), busy: { ...s.busy, [section]: undefined } }));
        return true;
      } catch (err) {
        set((s) => ({
          busy: { ...s.busy, [section]: undefined },
          errors: { ...s.errors, [section]: errorMessage(err) },
        }));
        return false;
      }
    }
    const keepSettings = (settings: InboundSettings) =>
      settings.profileId === get().profileId ? { settings } : {};

    return {
      profileId: null,
      status: null,
      settings: null,
      tunnel: null,
      tunnelSince: Date.now(),
      loadError: null,
      busy: {},
      errors: {},
      pushed: null,
      answers: [],
      forwardResults: {},
      setPort: (port) =>
        act(
          'port',
          'Saving the port…',
          (profileId) => bridge.invoke('inbound.setPort', { profileId, port }),
          (status) => ({ status }),
        ),
      setResponse: (changes) =>
        act(
          'response',
          'Saving the response…',
          (profileId) => bridge.invoke('inbound.setResponse', { profileId, response: changes }),
          keepSettings,
        ),
      setForwards: (changes) =>
        act(
          'forwards',
          'Saving the forward targets…',
          (profileId) => bridge.invoke('inbound.setForwards', { profileId, forwards: changes }),
          keepSettings,
        ),
      setPublicKey: (pem) =>
        act(
          'key',
          'Saving the public key…',
          (profileId) => bridge.invoke('inbound.setPublicKey', { profileId, pem }),
          keepSettings,
        ),
      useSandboxKey: () =>
        act(
          'key',
          'Reading the sandbox’s public key…',
          (profileId) => bridge.invoke('inbound.useSandboxKey', { profileId }),
          keepSettings,
        ),
      startTunnel: (options) =>
        act(
          'tunnel',
          'Starting the tunnel…',
          () => bridge.invoke('tunnel.start', options),
          (tunnel) => ({ tunnel, tunnelSince: Date.now(), pushed: null }),
        ),
      useOwnUrl: (publicUrl) =>
        act(
          'tunnel',
          'Checking your public URL…',
          () => bridge.invoke('tunnel.useOwnUrl', { publicUrl }),
          (tunnel) => ({ tunnel, tunnelSince: Date.now(), pushed: null }),
        ),
      stopTunnel: () =>
        act(
          'tunnel',
          'Stopping the tunnel…',
          () => bridge.invoke('tunnel.stop', {}),
          (tunnel) => ({ tunnel, tunnelSince: Date.now(), pushed: null }),
        ),
      pushToSandbox: () =>
        act(
          'push',
          'Pointing the sandbox app at the public URL…',
          () => bridge.invoke('tunnel.pushToSandbox', {}),
          ({ status, profile }) => ({
            tunnel: status,
            pushed: `The sandbox app now delivers to ${profile.endpointUrl}.`,
          }),
        ),
    };
  });

  /** Takes one journal record into the recent answers and forward results, if it is one. */
  function take(r: JournalRecord, into: Pick<InboundState, 'answers' | 'forwardResults'>) {
    const profileId = store.getState().profileId;
    if (r.profileId !== profileId) return into;
    if (r.kind === 'delivery') {
      // Read back by a load that ended while it waited for its frame: already among the answers.
      if (into.answers.some((a) => a.seq === r.seq)) return into;
      const d = r.delivery;
      const answer: DeliveryAnswer = {
        seq: r.seq,
        at: r.at,
        status: d.response.status,
        reason: d.response.reason,
        summary: r.summary,
        ...(d.repeatOf !== undefined ? { repeatOf: d.repeatOf } : {}),
        ...(d.replayOf !== undefined
          ? { replayOf: d.replayOf, replayEdited: d.replayEdit?.edited === true }
          : {}),
        ...(d.response.late !== undefined ? { late: d.response.late } : {}),
      };
      return { ...into, answers: [answer, ...into.answers].slice(0, RECENT_ANSWERS) };
    }
    if (r.kind === 'forward' && r.forward.why === 'forward') {
      const x = r.forward.exchange;
      const result: ForwardResult = {
        seq: r.seq,
        deliverySeq: r.forward.deliverySeq,
        at: r.at,
        status: x.status,
        ...(x.error !== undefined ? { error: x.error } : {}),
        totalMs: x.timing.totalMs,
        ...(r.forward.notForwarded ? { notForwarded: r.forward.notForwarded.reason } : {}),
        ...(r.forward.late !== undefined ? { late: r.forward.late } : {}),
      };
      return { ...into, forwardResults: { ...into.forwardResults, [x.url]: result } };
    }
    return into;
  }

  async function loadStatus(profileId: string, latest: StillLatest) {
    const status = await bridge.invoke('inbound.status', { profileId });
    if (latest()) store.setState({ status });
  }

  /**
   * The run set-ups heard while a load is on its way, by profile: newer than its answer, which
   * was read before them, so they are laid over it.
   */
  const runSetupsHeard = new Map<string, string | null>();
  const withRunSetup = (settings: InboundSettings): InboundSettings => {
    if (!runSetupsHeard.has(settings.profileId)) return settings;
    const runSetup = runSetupsHeard.get(settings.profileId);
    const next = { ...settings };
    if (runSetup === null) delete next.runSetup;
    else next.runSetup = runSetup;
    return next;
  };

  async function load() {
    const profileId = activeId();
    if (!profileId) return;
    const latest = loads.begin();
    runSetupsHeard.clear();
    if (store.getState().profileId !== profileId) {
      store.setState({
        profileId,
        status: null,
        settings: null,
        answers: [],
        forwardResults: {},
        errors: {},
        pushed: null,
      });
    }
    try {
      const [status, settings, tunnel, log] = await Promise.all([
        bridge.invoke('inbound.status', { profileId }),
        bridge.invoke('inbound.settings', { profileId }),
        bridge.invoke('tunnel.status', {}),
        bridge.invoke('log.list', { limit: HISTORY }),
      ]);
      if (!latest()) return;
      let recent: Pick<InboundState, 'answers' | 'forwardResults'> = {
        answers: [],
        forwardResults: {},
      };
      for (const r of log.records) recent = take(r, recent);
      store.setState({
        status,
        settings: withRunSetup(settings),
        tunnel,
        tunnelSince: Date.now(),
        loadError: null,
        ...recent,
      });
    } catch (err) {
      if (latest()) store.setState({ loadError: errorMessage(err) });
    }
  }

  /** Subscribes to the engine and to profile switches, loads the first view; returns the teardown. */
  function start(): () => void {
    // Deliveries come by the hundred a second under load: the recent answers change at most every
    // ANSWERS_GAP_MS, a pace a person can read (each change costs the page a layout and a paint).
    const live = frameBatcher<JournalRecord>(
      (records) => {
        const s = store.getState();
        let next: Pick<InboundState, 'answers' | 'forwardResults'> = s;
        for (const r of records) next = take(r, next);
        if (next !== s) store.setState(next);
      },
      NO_FRAME_MS,
      ANSWERS_GAP_MS,
    );
    const offs = [
      bridge.on('tunnel.changed', (tunnel) => {
        const before = store.getState().tunnel;
        store.setState({ tunnel, tunnelSince: Date.now() });
        // The URLs to register follow the public URL (inbound.status suggests them on it).
        const id = store.getState().profileId;
        if (id && (before?.state !== tunnel.state || before?.publicUrl !== tunnel.publicUrl))
          void loadStatus(id, loads.current()).catch(() => undefined);
      }),
      bridge.on('log.appended', (r) => {
        if (r.kind === 'delivery' || r.kind === 'forward') live.push(r);
      }),
      // A run laid its set-up over the profile's settings, or took it off: said above them.
      bridge.on('inbound.runSetupChanged', ({ profileId, runSetup }) => {
        runSetupsHeard.set(profileId, runSetup);
        const settings = store.getState().settings;
        if (settings && settings.profileId === profileId)
          store.setState({ settings: withRunSetup(settings) });
      }),
      onProfileSwitch(
        app,
        () => void load(),
        (next, prev) => {
          if (next.profiles === prev.profiles) return;
          // A profile's URLs may have changed (a push, an edit): the receiver's view follows.
          const id = store.getState().profileId;
          if (id) void loadStatus(id, loads.current()).catch(() => undefined);
        },
      ),
      connection.subscribe((next) => {
        if (next.status === 'connected') void load();
      }),
    ];
    void load();
    return () => {
      offs.forEach((off) => off());
      live.drop();
    };
  }

  return Object.assign(store, { start });
}
