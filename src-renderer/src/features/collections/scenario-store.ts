// The scenario open in the Scenario view: its text as edited, the version on disk it is based on,
// and what happens when the file changes under it. Without unsaved edits a change on disk is
// loaded at once (and said so); with unsaved edits, or when a save finds the file changed since
// (collections.write answers `conflict`), nothing is overwritten until the person chooses: keep
// their edits (and save over the disk version) or load the disk version.
import { createStore } from 'zustand/vanilla';
import type { Bridge, CollectionFileText } from '../../../../src-shared/contract';
import type { Connection } from '../../bridge/connection';
import { errorMessage } from '../../errors';
import type { CollectionsStore, Notice } from './collections-store';

export interface DiskChange {
  /** The file as it is on disk now; null when it is no longer there. */
  disk: CollectionFileText | null;
  /** `save`: a save found it changed; `changed`: it changed while edits were unsaved. */
  reason: 'changed' | 'save';
}

export interface ScenarioState {
  folder: string | null;
  path: string | null;
  /** The text in the editor. */
  text: string;
  /** The file as last read or written: its text, version and problems. */
  base: CollectionFileText | null;
  loading: boolean;
  saving: boolean;
  diskChange: DiskChange | null;
  /** The person kept edits of a file gone from disk: the next save creates it. */
  writeAnew: boolean;
  notice: Notice | null;
  open(path: string): Promise<boolean>;
  setText(text: string): void;
  save(): Promise<boolean>;
  /** The person's edits win: based on the disk version now (and saved, when a save asked). */
  keepMine(): Promise<void>;
  loadDisk(): void;
  /** The open file was renamed in the app. */
  moved(from: string, to: string): void;
  close(): void;
}

export type ScenarioStore = ReturnType<typeof createScenarioStore>;

/** Whether the editor holds edits that are not on disk. */
export const isDirty = (s: Pick<ScenarioState, 'text' | 'base' | 'writeAnew'>) =>
  s.base !== null && (s.writeAnew || s.text !== s.base.text);

const codeOf = (err: unknown) =>
  typeof err === 'object' && err && 'code' in err ? (err as { code: unknown }).code : undefined;

export function createScenarioStore(
  bridge: Bridge,
  connection: Connection,
  collections: CollectionsStore,
) {
  // A change heard while a save is on its way is checked after it: the save's own event must not
  // look like someone else's change.
  let checkAfterSave = false;

  const store = createStore<ScenarioState>()((set, get) => ({
    folder: null,
    path: null,
    text: '',
    base: null,
    loading: false,
    saving: false,
    diskChange: null,
    writeAnew: false,
    notice: null,
    async open(path) {
      const folder = collections.getState().folder;
      if (!folder) return false;
      set({ folder, path, loading: true, notice: null, diskChange: null, writeAnew: false });
      try {
        const file = await bridge.invoke('collections.read', { folder, path });
        if (get().path !== path) return false;
        set({ base: file, text: file.text, loading: false });
        return true;
      } catch (err) {
        if (get().path === path) {
          set({ base: null, text: '', loading: false, notice: failed(err, `open ${path}`) });
        }
        return false;
      }
    },
    setText: (text) => set({ text }),
    async save() {
      const { folder, path, base, text, saving } = get();
      if (!folder || !path || !base || saving) return false;
      set({ saving: true, notice: null });
      try {
        // Over a version the person saw, or anew once they chose to keep a file gone from disk.
        const written = await bridge.invoke('collections.write', {
          folder,
          path,
          text,
          ...(get().writeAnew ? { overwrite: true } : { baseVersion: base.version }),
        });
        if (get().path !== path) return true;
        const problems = written.problems.length;
        set({
          base: written,
          writeAnew: false,
          diskChange: null,
          notice: {
            kind: problems ? 'error' : 'ok',
            text: problems
              ? `Saved ${path}, with ${problems} problem${problems === 1 ? '' : 's'}: see the list under the editor.`
              : `Saved ${path}.`,
          },
        });
        return true;
      } catch (err) {
        if (codeOf(err) === 'conflict' && get().path === path) {
          set({
            diskChange: { disk: await readOrNull(folder, path), reason: 'save' },
            notice: {
              kind: 'error',
              text: `Not saved: ${path} changed on disk since it was opened. Keep your edits to save over it, or load the disk version.`,
            },
          });
        } else set({ notice: failed(err, `save ${path}`) });
        return false;
      } finally {
        set({ saving: false });
        if (checkAfterSave) {
          checkAfterSave = false;
          await checkDisk();
        }
      }
    },
    async keepMine() {
      const change = get().diskChange;
      if (!change) return;
      // Based on the disk version now; a file gone from disk is written anew by the next save.
      set((s) => ({
        diskChange: null,
        base: change.disk ?? s.base,
        writeAnew: change.disk === null,
      }));
      if (change.reason === 'save') await get().save();
      else {
        set({
          notice: { kind: 'ok', text: 'Kept your edits: Save writes them over the disk version.' },
        });
      }
    },
    loadDisk() {
      const disk = get().diskChange?.disk;
      if (!disk) return;
      set({
        base: disk,
        text: disk.text,
        diskChange: null,
        notice: { kind: 'ok', text: 'Loaded the disk version.' },
      });
    },
    moved(from, to) {
      const base = get().base;
      if (get().path === from) set({ path: to, base: base ? { ...base, path: to } : null });
    },
    close: () =>
      set({
        folder: null,
        path: null,
        text: '',
        base: null,
        diskChange: null,
        writeAnew: false,
        notice: null,
      }),
  }));

  async function readOrNull(folder: string, path: string): Promise<CollectionFileText | null> {
    try {
      return await bridge.invoke('collections.read', { folder, path });
    } catch (err) {
      if (codeOf(err) === 'not_found') return null;
      throw err;
    }
  }

  /** Reads the open file again and applies the rules above. */
  async function checkDisk(): Promise<void> {
    const { folder, path } = store.getState();
    if (!folder || !path) return;
    if (store.getState().saving) {
      checkAfterSave = true;
      return;
    }
    let disk: CollectionFileText | null;
    try {
      disk = await readOrNull(folder, path);
    } catch (err) {
      store.setState({ notice: failed(err, `read ${path} again`) });
      return;
    }
    const now = store.getState();
    if (now.path !== path) return;
    if (disk && disk.version === now.base?.version) return;
    if (!disk && !isDirty(now)) {
      store.getState().close();
      store.setState({
        notice: { kind: 'error', text: `${path} is no longer on disk: it was deleted or renamed.` },
      });
      return;
    }
    if (disk && (disk.text === now.text || !isDirty(now))) {
      const same = disk.text === now.text;
      store.setState({
        base: disk,
        text: disk.text,
        diskChange: null,
        notice: same ? now.notice : { kind: 'ok', text: 'Reloaded: the file changed on disk.' },
      });
      return;
    }
    store.setState({ diskChange: { disk, reason: 'changed' } });
  }

  return Object.assign(store, {
    start(): () => void {
      const offs = [
        bridge.on('collections.changed', ({ folder, paths }) => {
          const s = store.getState();
          if (folder === s.folder && s.path !== null && paths.includes(s.path)) void checkDisk();
        }),
        connection.subscribe((next) => {
          if (next.status === 'connected') void checkDisk();
        }),
        // Another collection opened: its files are not this one's.
        // Another collection opened: its files are not this one's (unsaved edits stay, still
        // saved to their own folder).
        collections.subscribe((next, prev) => {
          const s = store.getState();
          if (
            next.folder &&
            next.folder !== prev.folder &&
            s.folder !== next.folder &&
            !isDirty(s)
          ) {
            s.close();
          }
        }),
      ];
      return () => offs.forEach((off) => off());
    },
  });
}

function failed(err: unknown, what: string): Notice {
  return { kind: 'error', text: `Could not ${what}: ${errorMessage(err)}` };
}
