// Watches the open collections, so a file changed outside the app (an editor, git pull) is
// reloaded in the Collections tab. node:fs watch is recursive on Linux since Node 20, as on macOS
// and Windows. Events come in bursts (an editor writes, renames, changes modes): they are gathered
// for DEBOUNCE_MS and sent as one `collections.changed`. The app's own writes are announced at
// once with origin `app`, and the watcher leaves them out by comparing what is on disk with what
// the app left there.
import { createHash } from 'node:crypto';
import { watch, type FSWatcher } from 'node:fs';
import { lstat, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SCENARIO_EXTENSIONS } from '../../../src-shared/collections/format';
import { FILES_DIR, isIgnoredName } from './collection-paths';

const DEBOUNCE_MS = 100;
/** Each open collection holds a watcher; past this many, the one opened longest ago is closed. */
const MAX_WATCHED = 5;
/** How long a folder the app renamed or deleted explains the events for the files under it. */
const APP_FOLDER_WINDOW_MS = 2000;

export interface ChangedPayload {
  folder: string;
  paths: string[];
  origin: 'disk' | 'app';
}

interface CollectionWatchers {
  /** Starts watching (or keeps watching, as the newest) the folder. */
  watch(folder: string): void;
  /** Records what the app just changed, and announces it with origin `app`. */
  appChanged(folder: string, paths: string[]): Promise<void>;
  watched(): string[];
  close(): void;
}

/** What is at a path now: missing, a folder, or a file and the hash of its bytes. */
async function stateOf(full: string): Promise<string> {
  const stat = await lstat(full).catch(() => null);
  if (!stat) return 'missing';
  if (stat.isDirectory()) return 'dir';
  const bytes = await readFile(full).catch(() => null);
  return bytes ? `file:${createHash('sha256').update(bytes).digest('hex')}` : 'missing';
}

const isRelevant = (path: string) => {
  const parts = path.split('/');
  return parts[0] !== FILES_DIR && !parts.some(isIgnoredName);
};
const looksLikeScenario = (path: string) => SCENARIO_EXTENSIONS.some((e) => path.endsWith(e));

interface Watched {
  watcher: FSWatcher;
  pending: Set<string>;
  /** A change the watcher could not name (no file name): reload all. */
  unnamed: boolean;
  timer: NodeJS.Timeout | undefined;
  /** What the app left at a path, and when. */
  appStates: Map<string, { state: string; at: number }>;
}

export function createCollectionWatchers(
  emit: (change: ChangedPayload) => void,
): CollectionWatchers {
  const open = new Map<string, Watched>();

  const stop = (folder: string) => {
    const entry = open.get(folder);
    if (!entry) return;
    clearTimeout(entry.timer);
    entry.watcher.close();
    open.delete(folder);
  };

  const fromApp = async (folder: string, entry: Watched, path: string, state: string) => {
    if (entry.appStates.get(path)?.state === state) return true;
    const parts = path.split('/');
    for (let depth = parts.length - 1; depth > 0; depth--) {
      const ancestor = parts.slice(0, depth).join('/');
      const noted = entry.appStates.get(ancestor);
      if (
        noted &&
        Date.now() - noted.at < APP_FOLDER_WINDOW_MS &&
        noted.state === (await stateOf(join(folder, ancestor)))
      )
        return true;
    }
    return false;
  };

  const flush = async (folder: string, entry: Watched) => {
    const paths = [...entry.pending];
    const unnamed = entry.unnamed;
    entry.pending.clear();
    entry.unnamed = false;
    const changed: string[] = [];
    for (const path of paths) {
      const state = await stateOf(join(folder, path));
      if (state.startsWith('file:') && !looksLikeScenario(path)) continue;
      if (state === 'missing' && path.includes('.') && !looksLikeScenario(path)) continue;
      if (!(await fromApp(folder, entry, path, state))) changed.push(path);
    }
    if (open.get(folder) !== entry) return;
    if (changed.length > 0 || unnamed)
      emit({ folder, paths: unnamed ? [] : changed, origin: 'disk' });
  };

  const start = (folder: string): Watched => {
    const entry: Watched = {
      watcher: undefined as unknown as FSWatcher,
      pending: new Set(),
      unnamed: false,
      timer: undefined,
      appStates: new Map(),
    };
    const onEvent = (_event: string, filename: string | Buffer | null) => {
      const path = filename === null ? null : String(filename).split(/[\\/]/).join('/');
      if (path === null) entry.unnamed = true;
      else if (isRelevant(path)) entry.pending.add(path);
      else return;
      clearTimeout(entry.timer);
      entry.timer = setTimeout(() => void flush(folder, entry).catch(() => undefined), DEBOUNCE_MS);
    };
    entry.watcher = watch(folder, { recursive: true, persistent: false }, onEvent);
    // The folder went away or cannot be read any more: stop watching it; opening it again says why.
    entry.watcher.on('error', () => stop(folder));
    return entry;
  };

  return {
    watch(folder) {
      const existing = open.get(folder);
      open.delete(folder);
      open.set(folder, existing ?? start(folder));
      for (const oldest of [...open.keys()].slice(0, Math.max(0, open.size - MAX_WATCHED)))
        stop(oldest);
    },
    async appChanged(folder, paths) {
      const entry = open.get(folder);
      if (entry) {
        for (const path of paths)
          entry.appStates.set(path, { state: await stateOf(join(folder, path)), at: Date.now() });
      }
      emit({ folder, paths, origin: 'app' });
    },
    watched: () => [...open.keys()],
    close() {
      for (const folder of [...open.keys()]) stop(folder);
    },
  };
}
