// Where secrets (client secrets, access and refresh tokens) live at rest. Three modes, chosen by
// what the host can do and what the user allowed:
// - sealed: the host seals them (Electron safeStorage with a real OS keyring); kept in settings.
// - plain-file: no keyring, but the user opted in: a JSON file readable only by them (0600).
// - memory: no keyring and no opt-in: nothing is written; secrets last for this run only.
import { chmodSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { CoreHost } from '../host-interface';

export type SecretStorageMode = 'sealed' | 'plain-file' | 'memory';

export interface SecretVault {
  mode(): SecretStorageMode;
  /** In words, for the UI. */
  explanation(): string;
  get(key: string): string | undefined;
  /** `persist: false` keeps a secret in memory whatever the mode (e.g. one fetched again each start). */
  set(key: string, value: string, options?: { persist?: boolean }): void;
  delete(key: string): void;
  /** Opt in or out of the unencrypted file where no keyring exists; moves what is held. */
  setAllowPlainFile(allow: boolean): void;
  /** Keys whose stored value could not be read back (a changed keyring, a damaged file). */
  readonly unreadable: string[];
}

const SEALED_KEY = 'sealedSecrets';
const ALLOW_PLAIN_KEY = 'secretStorage.allowPlainFile';
export const PLAIN_SECRETS_FILE = 'secrets.json';
const SecretMap = z.record(z.string(), z.string());

type StoredSecretsHost = Pick<CoreHost, 'settings' | 'secrets' | 'paths'>;

function storageMode(host: StoredSecretsHost, allowPlain: boolean): SecretStorageMode {
  return host.secrets.available ? 'sealed' : allowPlain ? 'plain-file' : 'memory';
}

/**
 * What an earlier run stored, read as the vault reads it at its start. Hosts read it before the
 * engine exists too: the embedded sandbox starts with the client secret it had last time.
 */
export function loadStoredSecrets(host: StoredSecretsHost): {
  secrets: Map<string, string>;
  /** Keys whose stored value could not be read back (a changed keyring, a damaged file). */
  unreadable: string[];
} {
  const secrets = new Map<string, string>();
  const unreadable: string[] = [];
  const mode = storageMode(host, host.settings.get(ALLOW_PLAIN_KEY) === true);
  if (mode === 'sealed') {
    const sealed = SecretMap.safeParse(host.settings.get(SEALED_KEY) ?? {});
    for (const [key, value] of Object.entries(sealed.success ? sealed.data : {})) {
      try {
        secrets.set(key, host.secrets.unseal(value));
      } catch {
        unreadable.push(key);
      }
    }
  } else if (mode === 'plain-file') {
    const plainPath = join(host.paths.dataDir, PLAIN_SECRETS_FILE);
    try {
      const parsed = SecretMap.safeParse(JSON.parse(readFileSync(plainPath, 'utf8')));
      if (parsed.success) for (const [k, v] of Object.entries(parsed.data)) secrets.set(k, v);
      else unreadable.push(PLAIN_SECRETS_FILE);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') unreadable.push(PLAIN_SECRETS_FILE);
    }
  }
  return { secrets, unreadable };
}

export function createSecretVault(host: CoreHost): SecretVault {
  const plainPath = join(host.paths.dataDir, PLAIN_SECRETS_FILE);
  const memory = new Map<string, string>();
  const volatile = new Set<string>();
  let allowPlain = host.settings.get(ALLOW_PLAIN_KEY) === true;

  const mode = (): SecretStorageMode => storageMode(host, allowPlain);

  const persisted = () => [...memory].filter(([key]) => !volatile.has(key));

  function writeOut() {
    const m = mode();
    if (m === 'sealed') {
      host.settings.set(
        SEALED_KEY,
        Object.fromEntries(persisted().map(([k, v]) => [k, host.secrets.seal(v)])),
      );
    } else if (m === 'plain-file') {
      // Write then rename, so a crash never leaves half a file; 0600 from the first byte.
      const tmp = `${plainPath}.tmp`;
      writeFileSync(tmp, JSON.stringify(Object.fromEntries(persisted()), null, 2), { mode: 0o600 });
      chmodSync(tmp, 0o600);
      renameSync(tmp, plainPath);
    }
  }

  const stored = loadStoredSecrets(host);
  for (const [key, value] of stored.secrets) memory.set(key, value);
  const unreadable = stored.unreadable;

  return {
    unreadable,
    mode,
    explanation() {
      switch (mode()) {
        case 'sealed':
          return host.secrets.explanation;
        case 'plain-file':
          return `${host.secrets.explanation} You chose to keep secrets unencrypted in ${plainPath}, readable only by your user account.`;
        case 'memory':
          return `${host.secrets.explanation} Secrets are kept in memory for this run only: you will enter client secrets and connect users again after a restart, unless you allow storing them unencrypted in a file readable only by you.`;
      }
    },
    get: (key) => memory.get(key),
    set(key, value, options) {
      memory.set(key, value);
      if (options?.persist === false) volatile.add(key);
      else volatile.delete(key);
      if (options?.persist !== false) writeOut();
    },
    delete(key) {
      const wasPersisted = memory.has(key) && !volatile.has(key);
      memory.delete(key);
      volatile.delete(key);
      if (wasPersisted) writeOut();
    },
    setAllowPlainFile(allow) {
      if (allow === allowPlain) return;
      allowPlain = allow;
      host.settings.set(ALLOW_PLAIN_KEY, allow);
      if (host.secrets.available) return;
      if (allow) writeOut();
      else rmSync(plainPath, { force: true });
    },
  };
}
