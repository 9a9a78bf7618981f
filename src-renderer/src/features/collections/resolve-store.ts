// What the composer's `{{variables}}` stand for, before anything is sent: collections.resolve for
// the draft (profile variables, then the open collection's), asked again a moment after each edit,
// only while a parameter or the path holds `{{`. Unknown variables are listed as problems.
import { createStore } from 'zustand/vanilla';
import type { Bridge } from '../../../../src-shared/contract';
import { errorMessage } from '../../errors';
import type { ComposerStore } from '../composer/composer-store';
import { requestOf } from '../composer/composer-draft';
import type { AppStore } from '../header/app-store';
import { latestOnly, onProfileSwitch } from '../../stores/profile-switch';
import type { CollectionsStore } from './collections-store';

interface ResolvedLine {
  name: string;
  value: string;
}

export interface ResolveState {
  /** The parameters (and `path`) that hold a variable, with what they resolve to. */
  lines: ResolvedLine[];
  unknown: string[];
  error: string | null;
}

export type ResolveStore = ReturnType<typeof createResolveStore>;

const RESOLVE_DELAY_MS = 250;
const EMPTY: ResolveState = { lines: [], unknown: [], error: null };

export function createResolveStore(
  bridge: Bridge,
  app: AppStore,
  composer: ComposerStore,
  collections: CollectionsStore,
) {
  const store = createStore<ResolveState>()(() => EMPTY);
  const asks = latestOnly();
  let timer: ReturnType<typeof setTimeout> | undefined;

  async function resolve() {
    const latest = asks.begin();
    const request = requestOf(composer.getState().draft);
    const templated = Object.entries(request.params ?? {}).filter(([, v]) => v.includes('{{'));
    const pathTemplated = request.path?.includes('{{') ?? false;
    if (templated.length === 0 && !pathTemplated) {
      store.setState(EMPTY);
      return;
    }
    const profileId = app.getState().profiles?.activeProfileId;
    const folder = collections.getState().folder;
    try {
      const out = await bridge.invoke('collections.resolve', {
        ...(folder ? { folder } : {}),
        request: { ...request, ...(profileId ? { profileId } : {}) },
      });
      if (!latest()) return;
      const lines = templated.map(([name]) => ({ name, value: out.params[name] ?? '' }));
      if (pathTemplated) lines.unshift({ name: 'path', value: out.path ?? '' });
      store.setState({ lines, unknown: out.unknown, error: null });
    } catch (err) {
      if (latest()) {
        store.setState({
          ...EMPTY,
          error: `The variables could not be resolved: ${errorMessage(err)}`,
        });
      }
    }
  }

  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void resolve(), RESOLVE_DELAY_MS);
  };

  return Object.assign(store, {
    start(): () => void {
      const offs = [
        composer.subscribe((next, prev) => {
          if (next.draft !== prev.draft) schedule();
        }),
        collections.subscribe((next, prev) => {
          if (next.folder !== prev.folder || next.profileVariables !== prev.profileVariables) {
            schedule();
          }
        }),
        onProfileSwitch(app, schedule),
      ];
      return () => {
        offs.forEach((off) => off());
        clearTimeout(timer);
      };
    },
  });
}
