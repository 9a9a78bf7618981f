// What the composer's pickers offer: the conversations (GET /tp/resource/list) and one resource
// looked up with /tp/resource/info, asked the way the composer acts: with the user's token, or the
// app token for that user; with the app token alone, which names no user, for each connected user,
// so the person sees every user and room they can send to. Each lookup is a real, journaled API
// call, as everything the tool asks the platform. (Contact ids come from the contact book's store.)
import { createStore } from 'zustand/vanilla';
import { ResourceInfoResponse, ResourceListResponse } from '../../../../src-shared/spec';
import type { ActAs, Bridge } from '../../../../src-shared/contract';
import { errorMessage } from '../../errors';
import type { AppStore } from '../header/app-store';
import { onProfileSwitch } from '../../stores/profile-switch';

export interface ResourceOption {
  id: string;
  kind: 'user' | 'room';
  /** Room subject, or "you" for the connected user's own conversation. */
  label: string;
  avatar: string;
  /** Occupant ids of a room. */
  occupants: string[];
  /** The connected users whose list has it. */
  via: string[];
}

interface ResourceInfo {
  id: string;
  text: string;
}

export interface ComposerResourcesState {
  resources: ResourceOption[];
  loading: boolean;
  error: string | null;
  loadedAt: string | null;
  info: ResourceInfo | null;
  infoError: string | null;
  /** Lists the conversations as `actAs`; the app token alone: those of every connected user. */
  load(actAs: ActAs, connectedUserIds: string[]): Promise<void>;
  /** /tp/resource/info for one id, acting as `actAs`. */
  lookUp(resourceId: string, actAs: ActAs): Promise<void>;
}

export type ComposerResourcesStore = ReturnType<typeof createComposerResourcesStore>;

function merge(into: Map<string, ResourceOption>, option: ResourceOption) {
  const seen = into.get(option.id);
  if (seen) seen.via = [...new Set([...seen.via, ...option.via])];
  else into.set(option.id, option);
}

/** The ways to ask: the composer's own, or the app token for each connected user. */
export function listingActAs(actAs: ActAs, connectedUserIds: string[]): ActAs[] {
  if (actAs.kind !== 'app') return [actAs];
  return connectedUserIds.map((userId) => ({ kind: 'appForUser', userId }));
}

export function createComposerResourcesStore(bridge: Bridge, app: AppStore) {
  const profileSelector = () => {
    const id = app.getState().profiles?.activeProfileId;
    return id ? { profileId: id } : {};
  };
  const store = createStore<ComposerResourcesState>()((set) => ({
    resources: [],
    loading: false,
    error: null,
    loadedAt: null,
    info: null,
    infoError: null,
    async load(composerActAs, connectedUserIds) {
      const ways = listingActAs(composerActAs, connectedUserIds);
      if (ways.length === 0) {
        set({ error: 'No connected user: connect one in the Users tab, then list again.' });
        return;
      }
      set({ loading: true, error: null });
      const found = new Map<string, ResourceOption>();
      const failures: string[] = [];
      for (const actAs of ways) {
        const userId = actAs.kind === 'app' ? 'app' : actAs.userId;
        try {
          const { record, json } = await bridge.invoke('api.call', {
            ...profileSelector(),
            method: 'GET',
            path: '/tp/resource/list',
            params: {},
            actAs,
          });
          const parsed = ResourceListResponse.safeParse(json);
          if (!parsed.success) {
            failures.push(`${userId}: ${record.summary}`);
            continue;
          }
          for (const u of parsed.data.users) {
            merge(found, {
              id: u.id,
              kind: 'user',
              label: u.owner ? `${u.id} (the user)` : u.id,
              avatar: '',
              occupants: [],
              via: [userId],
            });
          }
          for (const r of parsed.data.rooms) {
            merge(found, {
              id: r.room,
              kind: 'room',
              label: r.data.subject,
              avatar: r.data.avatar,
              occupants: r.data.occupants.map((o) => o.id),
              via: [userId],
            });
          }
        } catch (err) {
          failures.push(`${userId}: ${errorMessage(err)}`);
        }
      }
      set({
        resources: [...found.values()],
        loading: false,
        loadedAt: new Date().toISOString(),
        error: failures.length
          ? `Some lists could not be read (${failures.join('; ')}). The event log has the calls.`
          : null,
      });
    },
    async lookUp(resourceId, actAs) {
      set({ info: null, infoError: null });
      try {
        const { record, json } = await bridge.invoke('api.call', {
          ...profileSelector(),
          method: 'GET',
          path: '/tp/resource/info',
          params: { resource_id: resourceId },
          actAs,
        });
        const parsed = ResourceInfoResponse.safeParse(json);
        if (!parsed.success) {
          set({ infoError: `No resource info for ${resourceId}: ${record.summary}.` });
          return;
        }
        const r = parsed.data;
        const text =
          r.type === 'user'
            ? `user ${r.resource.id}${r.resource.owner ? ' (the connected user)' : ''}`
            : `room "${r.resource.data.subject}", ${r.resource.data.occupants.length} occupants: ${r.resource.data.occupants.map((o) => o.id).join(', ')}`;
        set({ info: { id: resourceId, text } });
      } catch (err) {
        set({ infoError: `The lookup of ${resourceId} failed: ${errorMessage(err)}` });
      }
    },
  }));

  return Object.assign(store, {
    /** A profile switch: the old profile's conversations are not this one's. */
    start(): () => void {
      return onProfileSwitch(app, () =>
        store.setState({ resources: [], loadedAt: null, error: null, info: null, infoError: null }),
      );
    },
  });
}
