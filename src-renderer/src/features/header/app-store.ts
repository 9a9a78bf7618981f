// The app domain: what engine this is (app.info), the profiles and which is active,
// each profile's auth status, the link to the engine, and the "Get app token" action.
import { createStore } from 'zustand/vanilla';
import type { Connection, ConnectionState } from '../../bridge';
import type {
  AuthStatus,
  Bridge,
  CommandOutput,
  ProfileReachability,
  ProfilesState,
  ProfileView,
} from '../../../../src-shared/contract';
import { errorMessage } from '../../errors';

type AppInfo = CommandOutput<'app.info'>;

/**
 * The "Get app token" click. A failure belongs to the profile it happened on: it is dropped when
 * another profile becomes active and once that profile has a token again (the button's or one the
 * engine got for a call, announced with auth.changed).
 */
type TokenRequest =
  | { status: 'idle' }
  /** `id` tells this request from a later one for another profile (see getAppToken). */
  | { status: 'running'; profileId: string | null; id: number }
  | { status: 'failed'; profileId: string | null; message: string };

export interface AppState {
  connection: ConnectionState;
  info: AppInfo | null;
  profiles: ProfilesState | null;
  /** Auth status by profile id. */
  auth: Record<string, AuthStatus>;
  /** Why the first load failed, in words; null when it did not. */
  loadError: string | null;
  tokenRequest: TokenRequest;
  getAppToken(): Promise<void>;
  /** Opts in to (or out of) secrets in an unencrypted file readable only by the user. */
  setAllowPlainFile(allow: boolean): Promise<void>;
  /** Why the last change of the secret storage failed, in words. */
  secretStorageError: string | null;
  /** Whether the active profile's base URL answers (profiles.check); null before the first check. */
  reachability: ProfileReachability | null;
}

export type AppStore = ReturnType<typeof createAppStore>;

export function activeProfile(state: AppState): ProfileView | null {
  const p = state.profiles;
  return p?.profiles.find((x) => x.id === p.activeProfileId) ?? null;
}

export function createAppStore(bridge: Bridge, connection: Connection) {
  let tokenRequests = 0;
  const store = createStore<AppState>()((set, get) => ({
    connection: connection.current(),
    info: null,
    profiles: null,
    auth: {},
    loadError: null,
    tokenRequest: { status: 'idle' },
    secretStorageError: null,
    reachability: null,
    async setAllowPlainFile(allow) {
      try {
        const secretStorage = await bridge.invoke('secrets.setAllowPlainFile', { allow });
        // app.info is not sent again by the engine: keep its copy in step here.
        set((s) => ({
          secretStorageError: null,
          info: s.info ? { ...s.info, secretStorage } : s.info,
        }));
      } catch (err) {
        set({ secretStorageError: errorMessage(err) });
      }
    },
    async getAppToken() {
      const profileId = get().profiles?.activeProfileId;
      const current = get().tokenRequest;
      if (current.status === 'running' && current.profileId === (profileId ?? null)) return;
      // One request shown at a time, the latest: a grant still running for a profile switched
      // away from neither blocks the new profile's button nor ends its "Requesting…".
      const id = ++tokenRequests;
      const mine = () => {
        const r = get().tokenRequest;
        return r.status === 'running' && r.id === id;
      };
      set({ tokenRequest: { status: 'running', profileId: profileId ?? null, id } });
      try {
        const token = await bridge.invoke('auth.getAppToken', profileId ? { profileId } : {});
        // The auth.changed event says the same; setting it here shows the token even if the
        // event is missed on a flaky link.
        const ended = mine();
        set((s) => ({
          ...(ended ? { tokenRequest: { status: 'idle' as const } } : {}),
          auth: {
            ...s.auth,
            [token.profileId]: { profileId: token.profileId, appToken: token, lastError: null },
          },
        }));
      } catch (err) {
        if (!mine()) return;
        // Said only while the profile it failed on is still the active one.
        const still = get().profiles?.activeProfileId === profileId;
        set({
          tokenRequest: still
            ? { status: 'failed', profileId: profileId ?? null, message: errorMessage(err) }
            : { status: 'idle' },
        });
      }
    },
  }));

  const setAuth = (status: AuthStatus) =>
    store.setState((s) => {
      const failed = s.tokenRequest.status === 'failed' ? s.tokenRequest : null;
      // A token obtained since (by the button or by the engine for a call) ends the failure.
      const recovered =
        failed !== null &&
        (failed.profileId === null || failed.profileId === status.profileId) &&
        status.appToken !== null &&
        status.lastError === null;
      return {
        auth: { ...s.auth, [status.profileId]: status },
        ...(recovered ? { tokenRequest: { status: 'idle' as const } } : {}),
      };
    });

  async function loadAuth(profileId: string) {
    try {
      setAuth(await bridge.invoke('auth.status', { profileId }));
    } catch {
      // The header then shows no token; the next auth.changed brings the truth.
    }
  }

  // When the profile becomes active, and after a call that could not connect (or one that did,
  // while the header says it does not answer): one check at a time, the active profile's.
  let checking = false;
  async function checkReachable() {
    const profileId = store.getState().profiles?.activeProfileId;
    if (!profileId || checking) return;
    checking = true;
    try {
      const reachability = await bridge.invoke('profiles.check', { profileId });
      if (store.getState().profiles?.activeProfileId === profileId)
        store.setState({ reachability });
    } catch {
      // The engine link is down: the connection banner says so.
    } finally {
      checking = false;
    }
  }

  async function load() {
    try {
      const [info, profiles] = await Promise.all([
        bridge.invoke('app.info', {}),
        bridge.invoke('profiles.list', {}),
      ]);
      store.setState({ info, profiles, loadError: null });
      void checkReachable();
      setAuth(await bridge.invoke('auth.status', { profileId: profiles.activeProfileId }));
    } catch (err) {
      store.setState({ loadError: errorMessage(err) });
    }
  }

  /** Subscribes to the engine and loads the first state; returns the teardown. */
  function start(): () => void {
    const offs = [
      bridge.on('auth.changed', setAuth),
      bridge.on('profiles.changed', (profiles) => {
        const before = store.getState();
        const switched = profiles.activeProfileId !== before.profiles?.activeProfileId;
        // A failed "Get app token" was about the profile left: not said under the new one.
        const dropFailure = switched && before.tokenRequest.status === 'failed';
        store.setState({ profiles, ...(dropFailure ? { tokenRequest: { status: 'idle' } } : {}) });
        // The header shows the new profile's app token at once, not the last one's.
        if (switched) {
          store.setState({ reachability: null });
          void loadAuth(profiles.activeProfileId);
        }
        // A switch, or an edit of the base URL: check the profile now active.
        void checkReachable();
      }),
      bridge.on('log.appended', (record) => {
        if (record.kind !== 'api') return;
        if (record.profileId !== store.getState().profiles?.activeProfileId) return;
        const unreachable = store.getState().reachability?.answers === false;
        if ((record.api.status === null) !== unreachable) void checkReachable();
      }),
      connection.subscribe((next) => {
        const dropped = store.getState().connection.status === 'reconnecting';
        store.setState({ connection: next });
        // Whatever changed while the link was down (a restarted engine, a new token) is reloaded.
        if (next.status === 'connected' && dropped) void load();
      }),
    ];
    // A call made while connecting waits for the socket, so the first load can start right away.
    void load();
    return () => offs.forEach((off) => off());
  }

  return Object.assign(store, { start });
}
