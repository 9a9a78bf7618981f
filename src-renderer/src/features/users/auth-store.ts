// The users domain of the active profile: its connected users (auth.users, then
// auth.usersChanged), the one connect flow in flight (auth.flow, auth.flowChanged; flows are not
// per profile, there is one at a time) and the one-time-password visits (auth.otpVisits, then
// auth.otpVisit). Reloaded whenever the active profile changes or the engine link comes back.
import { createStore } from 'zustand/vanilla';
import type { Connection } from '../../bridge';
import type {
  Bridge,
  ConnectFlow,
  ConnectedUser,
  OtpVisit,
  StartedConnectFlow,
} from '../../../../src-shared/contract';
import { errorMessage } from '../../errors';
import type { AppStore } from '../header/app-store';
import { latestOnly, onProfileSwitch } from '../../stores/profile-switch';

/** What a user row is doing now, in words ("Refreshing…"), by user id. */
type PendingActions = Record<string, string>;

export interface AuthState {
  /** The profile the users and visits below belong to. */
  profileId: string | null;
  users: ConnectedUser[];
  loaded: boolean;
  loadError: string | null;
  flow: ConnectFlow | null;
  /**
   * The consent page of the flow this window started (its authorize URL with the live state), for
   * "Open the consent page again". Only auth.connectUser's answer has it: the flow's events and
   * auth.flow show the URL with the state cut short, so a reloaded window has none.
   */
  consent: { flowId: string; url: string } | null;
  /** A connect call is on its way to the engine (before the flow exists). */
  starting: boolean;
  /** Newest first. */
  visits: OtpVisit[];
  pending: PendingActions;
  /** The last action that failed, in words, until the next one starts. */
  actionError: string | null;
  /** Starts a flow without letting the engine open a browser: the caller opens the URL. */
  connect(scopes: string[]): Promise<StartedConnectFlow | null>;
  cancelConnect(): Promise<void>;
  /** The paste fallback; resolves true when the user got connected. */
  completeConnect(redirectUrl: string): Promise<boolean>;
  refresh(userId: string): Promise<void>;
  dropTokens(userId: string): Promise<void>;
  forget(userId: string): Promise<void>;
}

export type AuthStore = ReturnType<typeof createAuthStore>;

const newestFirst = (visits: OtpVisit[]) => [...visits].sort((a, b) => b.at.localeCompare(a.at));

export function createAuthStore(bridge: Bridge, connection: Connection, app: AppStore) {
  const activeId = () => app.getState().profiles?.activeProfileId ?? null;
  // A list still in flight for a profile switched away from is dropped.
  const loads = latestOnly();

  const store = createStore<AuthState>()((set, get) => {
    /** Runs one row action, showing `words` on the row while it runs and its failure after. */
    async function rowAction(
      userId: string,
      words: string,
      run: (profileId: string) => Promise<void>,
    ) {
      const profileId = get().profileId;
      if (!profileId || get().pending[userId]) return;
      set((s) => ({ pending: { ...s.pending, [userId]: words }, actionError: null }));
      try {
        await run(profileId);
      } catch (err) {
        set({ actionError: errorMessage(err) });
      } finally {
        set((s) => {
          const pending = { ...s.pending };
          delete pending[userId];
          return { pending };
        });
      }
    }
    const replaceUser = (user: ConnectedUser) =>
      set((s) =>
        user.profileId !== s.profileId
          ? {}
          : { users: s.users.map((u) => (u.userId === user.userId ? user : u)) },
      );

    return {
      profileId: null,
      users: [],
      loaded: false,
      loadError: null,
      flow: null,
      consent: null,
      starting: false,
      visits: [],
      pending: {},
      actionError: null,
      async connect(scopes) {
        const profileId = get().profileId;
        if (get().starting) return null;
        set({ starting: true, actionError: null });
        try {
          const flow = await bridge.invoke('auth.connectUser', {
            ...(profileId ? { profileId } : {}),
            scopes,
            // The renderer opens the page itself (a new tab here, the system browser under
            // Electron through its window-open handler), so one code path serves both hosts.
            openBrowser: false,
          });
          const { consentUrl, ...view } = flow;
          set({ flow: view, consent: { flowId: flow.id, url: consentUrl }, starting: false });
          return flow;
        } catch (err) {
          set({ starting: false, actionError: errorMessage(err) });
          return null;
        }
      },
      async cancelConnect() {
        set({ actionError: null });
        try {
          const flow = await bridge.invoke('auth.cancelConnect', {});
          if (flow) set({ flow });
        } catch (err) {
          set({ actionError: errorMessage(err) });
        }
      },
      async completeConnect(redirectUrl) {
        set({ actionError: null });
        try {
          await bridge.invoke('auth.completeConnect', { redirectUrl });
          return true;
        } catch (err) {
          set({ actionError: errorMessage(err) });
          return false;
        }
      },
      refresh: (userId) =>
        rowAction(userId, 'Refreshing the token…', async (profileId) => {
          replaceUser(await bridge.invoke('auth.refreshUser', { profileId, userId }));
        }),
      dropTokens: (userId) =>
        rowAction(userId, 'Dropping tokens…', async (profileId) => {
          replaceUser(await bridge.invoke('auth.dropTokens', { profileId, userId }));
        }),
      forget: (userId) =>
        rowAction(userId, 'Removing from the list…', async (profileId) => {
          const { users } = await bridge.invoke('auth.forgetUser', { profileId, userId });
          if (get().profileId === profileId) set({ users });
        }),
    };
  });

  async function load() {
    const profileId = activeId();
    if (!profileId) return;
    const latest = loads.begin();
    if (store.getState().profileId !== profileId) {
      store.setState({ profileId, users: [], visits: [], loaded: false, actionError: null });
    }
    try {
      const [users, visits, flow] = await Promise.all([
        bridge.invoke('auth.users', { profileId }),
        bridge.invoke('auth.otpVisits', { profileId }),
        bridge.invoke('auth.flow', {}),
      ]);
      if (!latest()) return;
      store.setState({
        users: users.users,
        visits: newestFirst(visits.visits),
        flow,
        loaded: true,
        loadError: null,
      });
    } catch (err) {
      if (latest()) store.setState({ loaded: true, loadError: errorMessage(err) });
    }
  }

  /** Subscribes to the engine and to profile switches, loads the first state; returns the teardown. */
  function start(): () => void {
    const offs = [
      bridge.on('auth.usersChanged', ({ profileId, users }) => {
        if (profileId === store.getState().profileId) store.setState({ users });
      }),
      bridge.on('auth.flowChanged', (flow) => store.setState({ flow })),
      bridge.on('auth.otpVisit', (visit) => {
        if (visit.profileId !== store.getState().profileId) return;
        store.setState((s) => ({
          visits: newestFirst([visit, ...s.visits.filter((v) => v.id !== visit.id)]),
        }));
      }),
      onProfileSwitch(app, () => void load()),
      connection.subscribe((next) => {
        if (next.status === 'connected') void load();
      }),
    ];
    void load();
    return () => offs.forEach((off) => off());
  }

  return Object.assign(store, { start });
}
