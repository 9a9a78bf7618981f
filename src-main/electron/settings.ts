// Settings through electron-store: one JSON file in the user-data folder.
import Store from 'electron-store';
import type { SettingsStore } from '../core/index';

export function electronSettings(): SettingsStore {
  // Keys are opaque to the store: the engine names them `profiles.active` and the like, which
  // electron-store would otherwise read as nested paths.
  const store = new Store<Record<string, unknown>>({
    name: 'settings',
    accessPropertiesByDotNotation: false,
  });
  return {
    get: (key) => store.get(key),
    // electron-store refuses `undefined`; storing nothing is deleting.
    set: (key, value) => (value === undefined ? store.delete(key) : store.set(key, value)),
    delete: (key) => store.delete(key),
  };
}
