// The Simulator tab's domain: the embedded sandbox as simulator.state shows it (users with what
// they received, contacts, rooms, the app registration), the sandbox's own delivery attempts, and
// the outcome of each section's last action in words (with the journal record that keeps it).
// Reloaded on simulator.changed, when users connect or disconnect, when the active profile becomes
// the sandbox and when the engine link returns; the delivery attempts follow the receiver's
// deliveries (log.appended) and, while the sandbox is still retrying one, a timer.
import { createStore } from 'zustand/vanilla';
import type { Connection } from '../../bridge';
import type {
  Bridge,
  CommandInput,
  ComposerSample,
  SimAppChanges,
  SimDelivery,
  SimRoomAction,
  SimulatorState as SandboxView,
} from '../../../../src-shared/contract';
import { errorMessage } from '../../errors';
import { activeProfile, type AppStore } from '../header/app-store';
import { latestOnly, onProfileSwitch } from '../../stores/profile-switch';
import { followUpDelay } from '../../../../src-shared/rules/panel-rules';

export type SimSection = 'users' | 'rooms' | 'send' | 'clock' | 'app' | 'deliveries';

interface SimOutcome {
  ok: boolean;
  text: string;
  /** The journal record of a success, to find it in the Event log. */
  seq?: number;
}

export interface SimulatorUiState {
  /** The sandbox profile is active (the tab only shows then). */
  active: boolean;
  view: SandboxView | null;
  loading: boolean;
  loadError: string | null;
  deliveries: SimDelivery[];
  deliveriesTotal: number;
  deliveriesError: string | null;
  samples: ComposerSample[];
  samplesError: string | null;
  /** What a section is doing now, in words. */
  busy: Partial<Record<SimSection, string>>;
  /** A section's last outcome, until its next action. */
  outcomes: Partial<Record<SimSection, SimOutcome>>;
  reload(): Promise<void>;
  reloadDeliveries(): Promise<void>;
  createUser(input: CommandInput<'simulator.createUser'>): Promise<boolean>;
  revokeOnPlatform(userId: string): Promise<boolean>;
  otp(input: CommandInput<'simulator.otp'>): Promise<boolean>;
  createRoom(input: CommandInput<'simulator.createRoom'>): Promise<boolean>;
  roomAction(input: SimRoomAction): Promise<boolean>;
  /** `prepare` builds the input (it may read a file), inside the action so its failure is said. */
  sendMessage(
    words: string,
    prepare: () => Promise<CommandInput<'simulator.sendMessage'>>,
  ): Promise<boolean>;
  expireTokens(): Promise<boolean>;
  /** Moves the sandbox's clock forward by `by` (`1m`, `1h`...); `words` says it (`1 hour`). */
  advanceClock(by: string, words: string): Promise<boolean>;
  updateApp(changes: SimAppChanges): Promise<boolean>;
  redeliver(id: string): Promise<boolean>;
  /** The sandbox profile's client secret, asked for by Show or Copy: answered, never kept here. */
  revealSecret(): Promise<{ secret: string } | { error: string }>;
}

export type SimulatorStore = ReturnType<typeof createSimulatorStore>;

const DELIVERIES_SHOWN = 30;
/** Bursts (retries, a room's events reaching several contacts) are read once they settle. */
const SETTLE_MS = 400;

export function createSimulatorStore(bridge: Bridge, connection: Connection, app: AppStore) {
  const isSandbox = () => activeProfile(app.getState())?.kind === 'sandbox';
  // Numbered reads: an answer for an older profile or an older read never replaces a newer one.
  const reads = latestOnly();
  const deliveryReads = latestOnly();
  let followUp: ReturnType<typeof setTimeout> | null = null;

  const store = createStore<SimulatorUiState>()((set, get) => {
    /** Runs one section's action with its progress words; its outcome is kept in words. */
    async function act<T extends { outcome: string; seq: number }>(
      section: SimSection,
      words: string,
      run: () => Promise<T>,
    ): Promise<boolean> {
      set((s) => ({
        busy: { ...s.busy, [section]: words },
        outcomes: { ...s.outcomes, [section]: undefined },
      }));
      let outcome: SimOutcome;
      try {
        const out = await run();
        outcome = { ok: true, text: out.outcome, seq: out.seq };
      } catch (err) {
        outcome = { ok: false, text: errorMessage(err) };
      }
      set((s) => ({
        busy: { ...s.busy, [section]: undefined },
        outcomes: { ...s.outcomes, [section]: outcome },
      }));
      return outcome.ok;
    }

    return {
      active: false,
      view: null,
      loading: false,
      loadError: null,
      deliveries: [],
      deliveriesTotal: 0,
      deliveriesError: null,
      samples: [],
      samplesError: null,
      busy: {},
      outcomes: {},
      async reload() {
        const latest = reads.begin();
        if (!isSandbox()) {
          set({ active: false, view: null, loading: false, loadError: null, deliveries: [] });
          return;
        }
        set({ active: true, loading: true });
        try {
          const view = await bridge.invoke('simulator.state', {});
          if (latest()) set({ view, loading: false, loadError: null });
        } catch (err) {
          if (latest()) set({ loading: false, loadError: errorMessage(err) });
        }
        void get().reloadDeliveries();
      },
      async reloadDeliveries() {
        if (!isSandbox()) return;
        const latest = deliveryReads.begin();
        try {
          const out = await bridge.invoke('simulator.deliveries', { limit: DELIVERIES_SHOWN });
          if (!latest()) return;
          set({ deliveries: out.deliveries, deliveriesTotal: out.total, deliveriesError: null });
          scheduleFollowUp(followUpDelay(out.deliveries));
        } catch (err) {
          if (latest()) set({ deliveriesError: errorMessage(err) });
        }
      },
      createUser: (input) =>
        act('users', `Creating ${input.name}…`, () => bridge.invoke('simulator.createUser', input)),
      revokeOnPlatform: (userId) =>
        act('users', 'Revoking the grant on the platform…', () =>
          bridge.invoke('simulator.revokeOnPlatform', { userId }),
        ),
      otp: (input) =>
        act('users', `Opening the ${input.target} URL with a new otp…`, () =>
          bridge.invoke('simulator.otp', input),
        ),
      createRoom: (input) =>
        act('rooms', `Creating the room "${input.subject}"…`, () =>
          bridge.invoke('simulator.createRoom', input),
        ),
      roomAction: (input) =>
        act('rooms', `Asking the sandbox to ${input.action}…`, () =>
          bridge.invoke('simulator.roomAction', input),
        ),
      sendMessage: (words, prepare) =>
        act('send', words, async () => bridge.invoke('simulator.sendMessage', await prepare())),
      expireTokens: () =>
        act('app', 'Expiring every access token of the app…', () =>
          bridge.invoke('simulator.expireTokens', {}),
        ),
      advanceClock: (by, words) =>
        act('clock', `Moving the sandbox clock forward by ${words}…`, async () => {
          const out = await bridge.invoke('simulator.advanceClock', { by });
          // Shown at once from the answer, before simulator.state is read again.
          set((s) => (s.view ? { view: { ...s.view, clock: out.clock } } : {}));
          return out;
        }),
      updateApp: (changes) =>
        act('app', 'Saving the app registration…', async () => {
          const out = await bridge.invoke('simulator.updateApp', { changes });
          // The answer carries the saved registration: shown at once, so the form (which drops
          // its edits on success) never flashes the old one while simulator.state is read again.
          set((s) => (s.view ? { view: { ...s.view, app: out.app } } : {}));
          return out;
        }),
      redeliver: (id) =>
        act('deliveries', `Asking the sandbox to send ${id} again…`, () =>
          bridge.invoke('simulator.redeliver', { id }),
        ),
      async revealSecret() {
        const profiles = app.getState().profiles?.profiles ?? [];
        const profileId = profiles.find((p) => p.kind === 'sandbox')?.id;
        if (!profileId) {
          return { error: 'There is no sandbox profile yet: wait for the sandbox to start.' };
        }
        try {
          const out = await bridge.invoke('profiles.revealSecret', { profileId });
          return { secret: out.clientSecret };
        } catch (err) {
          return { error: errorMessage(err) };
        }
      },
    };
  });

  function scheduleFollowUp(delay: number | null) {
    if (followUp) clearTimeout(followUp);
    followUp = null;
    if (delay === null || !store.getState().active) return;
    followUp = setTimeout(() => {
      followUp = null;
      void store.getState().reloadDeliveries();
    }, delay);
  }

  /** Calls `run` once, SETTLE_MS after the first of a burst of calls. */
  function settled(run: () => void): () => void {
    let timer: ReturnType<typeof setTimeout> | null = null;
    return () => {
      if (timer) return;
      timer = setTimeout(() => {
        timer = null;
        run();
      }, SETTLE_MS);
    };
  }
  const deliveriesSoon = settled(() => void store.getState().reloadDeliveries());
  const stateSoon = settled(() => void store.getState().reload());

  async function loadSamples() {
    try {
      const { samples } = await bridge.invoke('composer.samples', {});
      store.setState({ samples, samplesError: null });
    } catch (err) {
      // The send form still takes a file of one's own.
      store.setState({
        samplesError: `The sample files could not be listed: ${errorMessage(err)}`,
      });
    }
  }

  function start(): () => void {
    const whenActive = (run: () => void) => () => {
      if (store.getState().active) run();
    };
    const offs = [
      bridge.on('simulator.changed', () => void store.getState().reload()),
      bridge.on('log.appended', (r) => {
        if (!store.getState().active) return;
        if (r.kind === 'delivery') deliveriesSoon();
        // What the app sends reaches the users' "received" lists.
        if (r.kind === 'api' && /\/tp\/(bulk\/)?message\/send/.test(r.api.url)) stateSoon();
      }),
      // Contact owners, and users connected or disconnected elsewhere (Users tab, a directory otp).
      bridge.on('contacts.changed', whenActive(stateSoon)),
      bridge.on('auth.usersChanged', whenActive(stateSoon)),
      onProfileSwitch(app, () => void store.getState().reload()),
      connection.subscribe((next) => {
        if (next.status === 'connected') {
          void store.getState().reload();
          if (store.getState().samples.length === 0) void loadSamples();
        }
      }),
    ];
    void store.getState().reload();
    void loadSamples();
    return () => {
      offs.forEach((off) => off());
      scheduleFollowUp(null);
    };
  }

  return Object.assign(store, { start });
}
