import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CoreHost, SecretSealer } from '../../../../src-main/core/host-interface';
import { memorySettings } from '../../../helpers/memory-settings';
import {
  createSecretVault,
  PLAIN_SECRETS_FILE,
} from '../../../../src-main/core/secrets/secret-vault';
import { hostFor, tempDir } from '../../../helpers/core-fixture';
import { testKeyring } from '../../../helpers/test-keyring';

describe('secret vault', () => {
  const dirs: string[] = [];
  const host = (secrets?: SecretSealer, settings = memorySettings()): CoreHost => {
    const dir = tempDir();
    dirs.push(dir);
    return { ...hostFor(null, dir, settings), ...(secrets ? { secrets } : {}) };
  };
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('seals secrets into settings where a keyring exists, and reads them back after a restart', () => {
    const h = host(testKeyring);
    const vault = createSecretVault(h);
    vault.set('k', 'the-secret-value');
    expect(vault.mode()).toBe('sealed');
    expect(JSON.stringify(h.settings.get('sealedSecrets'))).not.toContain('the-secret-value');
    expect(createSecretVault(h).get('k')).toBe('the-secret-value');
  });

  it('keeps secrets in memory only without a keyring, and says so', () => {
    const h = host();
    const vault = createSecretVault(h);
    vault.set('k', 'the-secret-value');
    expect(vault.mode()).toBe('memory');
    expect(vault.explanation()).toMatch(/memory/);
    expect(existsSync(join(h.paths.dataDir, PLAIN_SECRETS_FILE))).toBe(false);
    expect(JSON.stringify(h.settings.get('sealedSecrets') ?? null)).not.toContain(
      'the-secret-value',
    );
    expect(createSecretVault(h).get('k')).toBeUndefined();
  });

  it('writes a file readable only by the user when the user opts in, and removes it on opt-out', () => {
    const h = host();
    const vault = createSecretVault(h);
    vault.set('k', 'the-secret-value');
    vault.setAllowPlainFile(true);
    const file = join(h.paths.dataDir, PLAIN_SECRETS_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toContain('the-secret-value');
    expect(createSecretVault(h).get('k')).toBe('the-secret-value');
    vault.setAllowPlainFile(false);
    expect(existsSync(file)).toBe(false);
  });

  it('never writes a secret marked not to persist', () => {
    const h = host(testKeyring);
    const vault = createSecretVault(h);
    vault.set('volatile', 'per-run-secret-xyz', { persist: false });
    expect(vault.get('volatile')).toBe('per-run-secret-xyz');
    expect(createSecretVault(h).get('volatile')).toBeUndefined();
  });

  it('reports a sealed value it cannot unseal instead of failing', () => {
    const h = host(testKeyring);
    h.settings.set('sealedSecrets', { k: 'garbage' });
    const vault = createSecretVault({
      ...h,
      secrets: {
        ...testKeyring,
        unseal: () => {
          throw new Error('bad key');
        },
      },
    });
    expect(vault.get('k')).toBeUndefined();
    expect(vault.unreadable).toEqual(['k']);
  });
});
