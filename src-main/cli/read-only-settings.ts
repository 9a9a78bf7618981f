// The app's settings as a command-line run sees them: read from the app's data folder, changed in
// memory only. A run against a saved profile reads that profile (its URL, its client id, its
// connected users) but leaves it as the app left it: a connect-user step adds no user to the app,
// and the sandbox the run starts does not become the sandbox profile's address.
import type { SettingsStore } from '../core/index';

export function readOnlySettings(base: SettingsStore): SettingsStore {
  const changed = new Map<string, unknown>();
  const removed = new Set<string>();
  return {
    get: (key) =>
      changed.has(key) ? changed.get(key) : removed.has(key) ? undefined : base.get(key),
    set: (key, value) => {
      removed.delete(key);
      changed.set(key, value);
    },
    delete: (key) => {
      changed.delete(key);
      removed.add(key);
    },
  };
}
