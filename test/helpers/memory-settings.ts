// A settings store kept in a Map, for tests: the hosts persist theirs (headless/settings.ts, the
// Electron shell's electron-store).
import type { SettingsStore } from '../../src-main/core/host-interface';

export function memorySettings(initial: Record<string, unknown> = {}): SettingsStore {
  const data = new Map(Object.entries(initial));
  return {
    get: (key) => data.get(key),
    set: (key, value) => void data.set(key, value),
    delete: (key) => void data.delete(key),
  };
}
