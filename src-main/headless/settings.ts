// Where the headless host keeps things: the data folder every host shares
// (core/common/data-folder.ts) unless --data-dir says otherwise, with settings in one JSON file
// there (settings.json, the file conf wrote for the versions before, read and written the same way). Not conf itself: it loads a JSON-schema
// validator and more that these flat keys never use, a tenth of the host's start.
import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { defaultDataDir, type SettingsStore } from '../core/index';

export { defaultDataDir } from '../core/index';

const RETRIED = new Set(['EPERM', 'EACCES', 'EBUSY']);
const PAUSE = new Int32Array(new SharedArrayBuffer(4));

/** --data-dir when given, else the default data folder every host shares. */
export function resolveDataDir(option: string | undefined): string {
  return option ? resolve(option) : defaultDataDir();
}

/**
 * The file is read at each access, as conf did. One process at a time holds a data folder
 * (core/common/data-folder-lock.ts); reading afresh still costs little and keeps a hand edit of the
 * file, made while the host runs, from being written over by a stale copy.
 */
export function confSettings(dataDir: string): SettingsStore {
  const path = join(dataDir, 'settings.json');
  const read = (): Record<string, unknown> => {
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return Object.create(null);
      throw err;
    }
    try {
      // Keys are opaque (`profiles.active`): the same flat reading as the Electron host's store.
      return Object.assign(Object.create(null), JSON.parse(text));
    } catch (err) {
      throw new Error(`The settings file ${path} is not JSON (${(err as Error).message}).`);
    }
  };
  const write = (store: Record<string, unknown>) => {
    // Aside, synced, then renamed into place: a crash leaves the old file or the new one.
    mkdirSync(dataDir, { recursive: true });
    const tmp = `${path}.tmp-${process.pid}`;
    const text = JSON.stringify(store, undefined, '\t');
    writeFileSync(tmp, text);
    const fd = openSync(tmp, 'r+');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    for (let attempt = 1; ; attempt++) {
      try {
        renameSync(tmp, path);
        return;
      } catch (err) {
        // Windows refuses to replace a file another process has open for a moment (a virus
        // scanner, the other of host and `tp` reading it): try again, then write it in place.
        if (attempt < 10 && RETRIED.has((err as NodeJS.ErrnoException).code ?? '')) {
          Atomics.wait(PAUSE, 0, 0, 20);
          continue;
        }
        writeFileSync(path, text);
        rmSync(tmp, { force: true });
        return;
      }
    }
  };
  const change = (key: string, value: unknown) => {
    const store = read();
    // The same value again (the sandbox's port at each start) is not worth a synced write.
    if (value === undefined ? !(key in store) : isDeepStrictEqual(store[key], value)) return;
    if (value === undefined) delete store[key];
    else store[key] = value;
    write(store);
  };
  return {
    get: (key) => read()[key],
    // Storing nothing is deleting.
    set: (key, value) => change(key, value),
    delete: (key) => change(key, undefined),
  };
}
