// The open collection as the Collections tab shows it: the folder's tree (collections.open, then
// reloaded on collections.changed), the recent folders, the search and the open folders of the
// tree, and the item actions (rename, duplicate, delete, reorder, new scenario or folder). The
// collection-level tools (variables, Postman and OpenAPI) are in collection-tools.ts.
import { createStore } from 'zustand/vanilla';
import type {
  Bridge,
  CollectionView,
  RecentCollection,
  RunRequest,
} from '../../../../src-shared/contract';
import type { Connection } from '../../bridge/connection';
import { errorMessage } from '../../errors';
import type { AppStore } from '../header/app-store';
import { latestOnly } from '../../stores/profile-switch';
import { dirOf, joinPath, movedOrder, scenarioFileName } from './tree';
import { createCollectionTools, type CollectionTools } from './collection-tools';

/** The outcome of the last action, in words, until the next one. */
export interface Notice {
  kind: 'ok' | 'error';
  text: string;
}

export interface CollectionsState extends CollectionTools {
  /** The absolute folder of the open collection, or null. */
  folder: string | null;
  view: CollectionView | null;
  /** An open in flight, in words. */
  opening: string | null;
  openError: string | null;
  recent: RecentCollection[];
  search: string;
  /** Folders shown open, by path. */
  expanded: ReadonlySet<string>;
  /** The item the tree's actions act on. */
  selected: string | null;
  notice: Notice | null;
  loadRecent(): Promise<void>;
  open(folder: string, create?: boolean): Promise<boolean>;
  /** Back to the folder form (the collection stays open in the engine until another opens). */
  close(): void;
  reload(): Promise<void>;
  setSearch(search: string): void;
  toggle(path: string, open?: boolean): void;
  select(path: string | null): void;
  rename(path: string, newName: string): Promise<string | null>;
  duplicate(path: string): Promise<string | null>;
  remove(path: string): Promise<boolean>;
  /** Moves an item up (-1) or down (+1) among its folder's items. */
  move(path: string, delta: number): Promise<void>;
  newScenario(dir: string, name: string): Promise<string | null>;
  newFolder(dir: string, name: string): Promise<string | null>;
  /** Starts a run of the open collection (all of it, some paths, or one step). */
  run(request: Omit<RunRequest, 'folder'>): Promise<boolean>;
  /** Keeps a view the engine answered (a save from the composer, an import). */
  adopt(view: CollectionView): void;
  dismissNotice(): void;
}

export type CollectionsStore = ReturnType<typeof createCollectionsStore>;

/** What a new scenario holds: one request any profile can send, to edit from there. */
function newScenarioText(name: string): string {
  return [
    `name: ${JSON.stringify(name)}`,
    'steps:',
    '  - name: Who am I',
    '    request:',
    '      endpoint: me',
    '    expect:',
    '      status: 200',
    '',
  ].join('\n');
}

export function createCollectionsStore(bridge: Bridge, connection: Connection, app: AppStore) {
  const loads = latestOnly();

  const store = createStore<CollectionsState>()((set, get) => {
    const folderOrThrow = () => {
      const folder = get().folder;
      if (!folder) throw new Error('No collection is open: open a folder first.');
      return folder;
    };
    /** Runs an item action; a failure becomes the notice, and the answer null. */
    async function act<T>(
      run: (folder: string) => Promise<T>,
      done?: (out: T) => string,
    ): Promise<T | null> {
      set({ notice: null });
      try {
        const out = await run(folderOrThrow());
        if (done) set({ notice: { kind: 'ok', text: done(out) } });
        return out;
      } catch (err) {
        set({ notice: { kind: 'error', text: errorMessage(err) } });
        return null;
      }
    }
    const keep = (view: CollectionView) => {
      if (view.folder === get().folder) set({ view });
    };

    return {
      ...createCollectionTools(bridge, app, get, (partial) => set(partial)),
      folder: null,
      view: null,
      opening: null,
      openError: null,
      recent: [],
      search: '',
      expanded: new Set(),
      selected: null,
      notice: null,
      async loadRecent() {
        try {
          set({ recent: await bridge.invoke('collections.recent', {}) });
        } catch {
          // The recent list is a convenience: the folder field still opens any folder.
          set({ recent: [] });
        }
      },
      async open(folder, create = false) {
        const latest = loads.begin();
        set({ opening: `Opening ${folder}…`, openError: null, notice: null });
        try {
          const view = await bridge.invoke('collections.open', { folder, create });
          if (!latest()) return false;
          const switched = view.folder !== get().folder;
          set({
            folder: view.folder,
            view,
            opening: null,
            ...(switched ? { expanded: new Set<string>(), selected: null, search: '' } : {}),
          });
          void get().loadRecent();
          return true;
        } catch (err) {
          if (latest()) set({ opening: null, openError: errorMessage(err) });
          return false;
        }
      },
      close: () => set({ folder: null, view: null, selected: null, search: '', notice: null }),
      async reload() {
        const folder = get().folder;
        if (!folder) return;
        const latest = loads.begin();
        try {
          const view = await bridge.invoke('collections.open', { folder, create: false });
          if (latest() && view.folder === get().folder) set({ view, openError: null });
        } catch (err) {
          if (latest()) set({ notice: { kind: 'error', text: errorMessage(err) } });
        }
      },
      setSearch: (search) => set({ search }),
      toggle: (path, open) =>
        set((s) => {
          const expanded = new Set(s.expanded);
          if (open ?? !expanded.has(path)) expanded.add(path);
          else expanded.delete(path);
          return { expanded };
        }),
      select: (selected) => set({ selected }),
      async rename(path, newName) {
        const to = joinPath(dirOf(path), newName.trim());
        const view = await act(
          (folder) => bridge.invoke('collections.rename', { folder, from: path, to }),
          () => `Renamed ${path} to ${to}.`,
        );
        if (!view) return null;
        keep(view);
        set({ selected: to });
        return to;
      },
      async duplicate(path) {
        const out = await act(
          (folder) => bridge.invoke('collections.duplicate', { folder, path }),
          (o) => `Duplicated ${path} as ${o.path}.`,
        );
        if (!out) return null;
        keep(out.view);
        set({ selected: out.path });
        return out.path;
      },
      async remove(path) {
        const view = await act(
          (folder) => bridge.invoke('collections.delete', { folder, path }),
          () => `Deleted ${path}.`,
        );
        if (!view) return false;
        keep(view);
        if (get().selected === path) set({ selected: null });
        return true;
      },
      async move(path, delta) {
        const order = movedOrder(get().view?.items ?? [], path, delta);
        if (!order) return;
        const view = await act((folder) =>
          bridge.invoke('collections.reorder', { folder, dir: dirOf(path), order }),
        );
        if (view) keep(view);
      },
      async newScenario(dir, name) {
        const path = joinPath(dir, scenarioFileName(name));
        const title = name.trim().replace(/\.ya?ml$/i, '');
        const out = await act(
          (folder) =>
            bridge.invoke('collections.write', {
              folder,
              path,
              text: newScenarioText(title),
              overwrite: false,
            }),
          () => `Created ${path}.`,
        );
        if (!out) return null;
        if (dir) get().toggle(dir, true);
        set({ selected: path });
        await get().reload();
        return path;
      },
      async newFolder(dir, name) {
        const path = joinPath(dir, name.trim());
        const view = await act(
          (folder) => bridge.invoke('collections.createFolder', { folder, path }),
          () => `Created the folder ${path}.`,
        );
        if (!view) return null;
        keep(view);
        if (dir) get().toggle(dir, true);
        set({ selected: path });
        return path;
      },
      async run(request) {
        const out = await act((folder) => bridge.invoke('runner.start', { ...request, folder }));
        return out !== null;
      },
      adopt(view) {
        if (get().folder === null || view.folder === get().folder) {
          set({ folder: view.folder, view });
        }
      },
      dismissNotice: () => set({ notice: null }),
    };
  });

  return Object.assign(store, {
    /** The recent folders, and the open collection kept current with collections.changed. */
    start(): () => void {
      const offs = [
        bridge.on('collections.changed', ({ folder }) => {
          if (folder === store.getState().folder) void store.getState().reload();
        }),
        // Events missed while the link was down: read the tree again.
        connection.subscribe((next) => {
          if (next.status === 'connected') void store.getState().reload();
        }),
      ];
      void store.getState().loadRecent();
      return () => offs.forEach((off) => off());
    },
  });
}
