// The scenario open in the Scenario view: its text as edited, the version on disk it is based on,
// and what happens when the file changes under it. Without unsaved edits a change on disk is
// loaded at once (and said so); with unsaved edits, or when a save finds the file changed since
// (collections.write answers `conflict`), nothing is overwritten until the person chooses: keep
// their edits (and save over the disk version) or load the disk version.
// Opening another file leaves nothing of the one before: until the new file is read there is no
// text to show, edit or save, and an answer for a file left behind (its read, its save, a check of
// its disk version) is not applied to the one open now.
import { createStore } from 'zustand/vanilla';
import type { Bridge, CollectionFileText } from '../../../../src-shared/contract';
import type { Connection } from '../../bridge/connection';
import { errorMessage } from '../../errors';
import type { CollectionsStore, Notice } from './collections-store';

interface DiskChange {
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
  /** The file at `path` is being read: nothing of it (or of the file before) is there yet. */
  loading: boolean;
  saving: boolean;
  diskChange: DiskChange | null;
  /** The person kept edits of a file gone from disk: the next save creates it. */
  writeAnew: boolean;
  notice: Notice | null;
  open(path: string): Promise<boolean>;
  /** Ignored until a file is read. */
  setText(text: string): void;
  save(): Promise<boolean>;
  /**
   * Adds a step (the Add step form's) to the editor's text after the step at `after` (by default
   * last), unsaved until Save. Answers why it was not added, or null.
   */
  addStep(step: Record<string, unknown>, after?: number): Promise<string | null>;
  /** Settles once no save is on its way. */
  settled(): Promise<void>;
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

/** The view with no scenario in it: after Close, and after a file that could not be read. */
const NOTHING_OPEN = { folder: null, path: null, text: '', base: null, loading: false } as const;

const codeOf = (err: unknown) =>
  typeof err === 'object' && err && 'code' in err ? (err as { code: unknown }).code : undefined;

export function createScenarioStore(
  bridge: Bridge,
  connection: Connection,
  collections: CollectionsStore,
) {
  // Each open (and close) is a new generation: an answer that began for another one is not applied.
  let opened = 0;
  // A change heard while the file is read or saved is checked after: the save's own event must not
  // look like someone else's change, and a read under way has no version to compare with yet.
  let recheck = false;
  let saveInFlight: Promise<boolean> | null = null;

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
      const gen = ++opened;
      recheck = false;
      // A save of the file before goes on to its own path with its own text; it is not this one's.
      set({
        folder,
        path,
        text: '',
        base: null,
        loading: true,
        saving: false,
        notice: null,
        diskChange: null,
        writeAnew: false,
      });
      try {
        const file = await bridge.invoke('collections.read', { folder, path });
        if (gen !== opened) return false;
        set({ base: file, text: file.text, loading: false });
        afterBusy(gen);
        return true;
      } catch (err) {
        if (gen !== opened) return false;
        // Nothing half-open: the view is back to "open a scenario", with what happened.
        opened++;
        set({ ...NOTHING_OPEN, notice: { kind: 'error', text: openFailed(path, err) } });
        return false;
      }
    },
    setText: (text) => set((s) => (s.base && !s.loading ? { text } : s)),
    async save() {
      const { folder, path, base, text, saving, loading } = get();
      if (!folder || !path || !base || saving || loading) return false;
      const gen = opened;
      set({ saving: true, notice: null });
      const done = write(gen, folder, path, base, text);
      saveInFlight = done;
      try {
        return await done;
      } finally {
        if (saveInFlight === done) saveInFlight = null;
      }
    },
    async addStep(step, after) {
      const { base, loading, text, path } = get();
      if (!base || loading || !path) return 'Open a scenario first, then add a step to it.';
      const gen = opened;
      try {
        const added = await bridge.invoke('collections.addStep', {
          text,
          step,
          ...(after === undefined ? {} : { after }),
        });
        if (gen !== opened) return `${path} was closed meanwhile: open it again to add the step.`;
        if (get().text !== text) return 'The YAML changed while the step was added: add it again.';
        set({
          text: added.text,
          notice: {
            kind: 'ok',
            text: `Added step ${added.index + 1}. Save (Ctrl+S) writes it to ${path}; a run uses the saved file.`,
          },
        });
        return null;
      } catch (err) {
        return `The step was not added: ${errorMessage(err)}`;
      }
    },
    async settled() {
      await saveInFlight?.catch(() => false);
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
    close() {
      opened++;
      recheck = false;
      set({
        ...NOTHING_OPEN,
        saving: false,
        diskChange: null,
        writeAnew: false,
        notice: null,
      });
    },
  }));

  /** The save of `text` to `path`, begun while generation `gen` was open. */
  async function write(
    gen: number,
    folder: string,
    path: string,
    base: CollectionFileText,
    text: string,
  ): Promise<boolean> {
    const current = () => gen === opened;
    try {
      // Over a version the person saw, or anew once they chose to keep a file gone from disk.
      const written = await bridge.invoke('collections.write', {
        folder,
        path,
        text,
        ...(store.getState().writeAnew ? { overwrite: true } : { baseVersion: base.version }),
      });
      // Another file was opened meanwhile: this one is written where it belongs, and that is all.
      if (!current()) return true;
      const problems = written.problems.length;
      store.setState({
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
      if (!current()) {
        // Its edits left the editor with the file: say they were not written rather than lose
        // them in silence.
        store.setState({
          notice: {
            kind: 'error',
            text: `Not saved: ${path} (${errorMessage(err)}). Its edits were not written; open it again to redo them.`,
          },
        });
      } else if (codeOf(err) === 'conflict') {
        let disk: CollectionFileText | null;
        try {
          disk = await readOrNull(folder, path);
        } catch (readErr) {
          if (current()) store.setState({ notice: failed(readErr, `save ${path}`) });
          return false;
        }
        if (current()) {
          store.setState({
            diskChange: { disk, reason: 'save' },
            notice: {
              kind: 'error',
              text: `Not saved: ${path} changed on disk since it was opened. Keep your edits to save over it, or load the disk version.`,
            },
          });
        }
      } else store.setState({ notice: failed(err, `save ${path}`) });
      return false;
    } finally {
      if (current()) {
        store.setState({ saving: false });
        afterBusy(gen);
      }
    }
  }

  /** A read or save of generation `gen` ended: a change heard meanwhile is checked now. */
  function afterBusy(gen: number): void {
    const { loading, saving } = store.getState();
    if (gen !== opened || loading || saving || !recheck) return;
    recheck = false;
    void checkDisk();
  }

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
    const { folder, path, loading, saving } = store.getState();
    if (!folder || !path) return;
    if (loading || saving) {
      recheck = true;
      return;
    }
    const gen = opened;
    let disk: CollectionFileText | null;
    try {
      disk = await readOrNull(folder, path);
    } catch (err) {
      if (gen === opened) store.setState({ notice: failed(err, `read ${path} again`) });
      return;
    }
    const now = store.getState();
    if (gen !== opened || now.loading || now.saving) return;
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

/** A read that failed, and what to do about it. */
function openFailed(path: string, err: unknown): string {
  const why =
    codeOf(err) === 'not_found'
      ? 'it is no longer in the collection (deleted or renamed)'
      : errorMessage(err).replace(/\.$/, '');
  return `Could not open ${path}: ${why}. Nothing is open; pick a scenario again in the Collections tab (Alt+4).`;
}

function failed(err: unknown, what: string): Notice {
  return { kind: 'error', text: `Could not ${what}: ${errorMessage(err)}` };
}
