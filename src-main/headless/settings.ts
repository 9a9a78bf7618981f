// Where the headless host keeps things: conf's own per-user folder unless --data-dir says
// otherwise, with settings in one JSON file there.
import Conf from 'conf';
import { dirname, resolve } from 'node:path';
import type { SettingsStore } from '../core/host-interface';

export const PROJECT_NAME = 'tp-inspector';

/** conf's default location for this project (e.g. ~/.config/tp-inspector-nodejs on Linux). */
export function defaultDataDir(): string {
  // Constructing Conf only reads: nothing is written until a value is set.
  return dirname(new Conf({ projectName: PROJECT_NAME }).path);
}

export function resolveDataDir(option: string | undefined): string {
  return option ? resolve(option) : defaultDataDir();
}

export function confSettings(dataDir: string): SettingsStore {
  // Keys are opaque (`profiles.active`): the same flat reading as the Electron host's store.
  const conf = new Conf<Record<string, unknown>>({
    cwd: dataDir,
    projectName: PROJECT_NAME,
    configName: 'settings',
    accessPropertiesByDotNotation: false,
  });
  return {
    get: (key) => conf.get(key),
    // conf refuses `undefined`; storing nothing is deleting.
    set: (key, value) => (value === undefined ? conf.delete(key) : conf.set(key, value)),
    delete: (key) => conf.delete(key),
  };
}
