// What the engine needs from whichever host runs it (Electron, the headless host, a test).
// Nothing here may mention Electron: the hosts adapt their own APIs to these shapes.
import type { EmbeddedSandbox } from '../../src-shared/sandbox-api/embedded-sandbox';

export type { EmbeddedSandbox };

/** Persistent key-value settings (electron-store in Electron, conf in the headless host). */
export interface SettingsStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
}

/** Seals secrets at rest. `available` is false where the OS offers no real keyring. */
export interface SecretSealer {
  readonly available: boolean;
  /** In words, for the UI: where secrets are kept and why. */
  readonly explanation: string;
  seal(plain: string): string;
  unseal(sealed: string): string;
}

export interface CoreHost {
  appVersion: string;
  paths: { dataDir: string };
  settings: SettingsStore;
  secrets: SecretSealer;
  /** Opens a URL in the system browser (shell.openExternal, or a new tab in the headless host). */
  openExternal(url: string): Promise<void>;
  /** The embedded sandbox, when the host started one. */
  sandbox?: EmbeddedSandbox;
  /** What the host did at start that a person should read in the event log (data carried over). */
  notices?: readonly string[];
}

/** The sealer for a host without a keyring: secrets stay in memory and are never written. */
export function unavailableSealer(explanation: string): SecretSealer {
  return {
    available: false,
    explanation,
    seal: () => {
      throw new Error('No secret storage is available on this machine: secrets stay in memory.');
    },
    unseal: () => {
      throw new Error('No secret storage is available on this machine: secrets stay in memory.');
    },
  };
}
