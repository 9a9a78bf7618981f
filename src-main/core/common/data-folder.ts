// The one default data folder of every host: the desktop app (installed, or `npm start`), the
// headless host and `tp run --profile` all use the folder an installed release has always used,
// named for the product in the OS's per-user application data. Before, each host had its own (conf's
// `tp-inspector-nodejs` for the headless host, the package name's for `npm start`), so a person who
// opened the app one way, then the other, found none of their profiles or sessions.
import { cpSync, existsSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, join } from 'node:path';

const APP_FOLDER_NAME = 'TP Inspector';

/** Where this process runs, as the folder rules read it (tests give another). */
interface FolderPlace {
  platform: NodeJS.Platform;
  env: NodeJS.ProcessEnv;
  home: string;
}

const thisMachine = (): FolderPlace => ({
  platform: process.platform,
  env: process.env,
  home: homedir(),
});

/** The OS's per-user application data folder: Electron's `appData`. */
function appDataRoot({ platform, env, home }: FolderPlace): string {
  if (platform === 'darwin') return join(home, 'Library', 'Application Support');
  if (platform === 'win32') return env.APPDATA || join(home, 'AppData', 'Roaming');
  return env.XDG_CONFIG_HOME || join(home, '.config');
}

/** `~/.config/TP Inspector`, `~/Library/Application Support/TP Inspector`, `%APPDATA%\TP Inspector`. */
export function defaultDataDir(place: FolderPlace = thisMachine()): string {
  return join(appDataRoot(place), APP_FOLDER_NAME);
}

/** The folders earlier versions used by default: the headless host's (conf's), then `npm start`'s. */
export function olderDataDirs(place: FolderPlace = thisMachine()): string[] {
  const { platform, env, home } = place;
  const conf =
    platform === 'darwin'
      ? join(home, 'Library', 'Preferences', 'tp-inspector-nodejs')
      : platform === 'win32'
        ? join(env.APPDATA || join(home, 'AppData', 'Roaming'), 'tp-inspector-nodejs', 'Config')
        : join(env.XDG_CONFIG_HOME || join(home, '.config'), 'tp-inspector-nodejs');
  return [conf, join(appDataRoot(place), 'tp-inspector')];
}

const SETTINGS_FILE = 'settings.json';

/** What Chromium keeps in an Electron app's folder: caches and crash reports, nothing of ours. */
const NOT_CARRIED = new Set([
  'tp-inspector.lock',
  'Cache',
  'Code Cache',
  'GPUCache',
  'DawnGraphiteCache',
  'DawnWebGPUCache',
  'Crashpad',
  'blob_storage',
  'SingletonLock',
  'SingletonCookie',
  'SingletonSocket',
]);

export interface AdoptedData {
  from: string;
  /** Other older folders that had data too, left as they are. */
  alsoFound: string[];
  /** For the event log and the terminal. */
  words: string;
}

/**
 * Once, when the default folder has no settings yet: the newest older default folder's data is
 * copied into it (settings, secrets file, event log, sessions), the older folder left as it was.
 * Null when there is nothing to carry over. A folder given with --data-dir is never filled this way.
 */
export function adoptOlderData(
  dataDir: string,
  older: readonly string[] = olderDataDirs(),
): AdoptedData | null {
  if (existsSync(join(dataDir, SETTINGS_FILE))) return null;
  const found = older
    .filter((dir) => existsSync(join(dir, SETTINGS_FILE)))
    .map((dir) => ({ dir, changed: statSync(join(dir, SETTINGS_FILE)).mtimeMs }))
    .sort((a, b) => b.changed - a.changed);
  const newest = found[0];
  if (!newest) return null;
  cpSync(newest.dir, dataDir, {
    recursive: true,
    force: false,
    errorOnExist: false,
    filter: (source) => !NOT_CARRIED.has(basename(source)),
  });
  const alsoFound = found.slice(1).map((f) => f.dir);
  return {
    from: newest.dir,
    alsoFound,
    words: `Your profiles, sessions and settings were copied from ${newest.dir}, the folder an earlier version used, into ${dataDir}, where every way of opening TP Inspector now keeps them. The older folder is left as it was: delete it once you no longer need it.${alsoFound.length > 0 ? ` ${alsoFound.join(' and ')} had data too and was not copied: run with --data-dir ${JSON.stringify(alsoFound[0])} to open it.` : ''}`,
  };
}
