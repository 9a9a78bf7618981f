// Secrets at rest through Electron's safeStorage (Keychain, DPAPI, or the Linux desktop keyring).
// On Linux without a keyring safeStorage still "works" with the basic_text backend, but that
// encrypts with a key built into Chromium: anyone who can read the file can decrypt it. That is
// no protection, so it counts as unavailable and the engine keeps secrets in memory instead.
import type { SafeStorage } from 'electron';
import { unavailableSealer, type SecretSealer } from '../core/index';

type SafeStorageLike = Pick<
  SafeStorage,
  'isEncryptionAvailable' | 'getSelectedStorageBackend' | 'encryptString' | 'decryptString'
>;

const MEMORY_ONLY =
  'so client secrets and tokens are kept in memory only: they are never written to disk, and you will enter them again after a restart.';

function keyringName(platform: NodeJS.Platform, backend: string | null): string {
  if (platform === 'darwin') return 'the macOS Keychain';
  if (platform === 'win32') return 'Windows (DPAPI, tied to your Windows account)';
  switch (backend) {
    case 'gnome_libsecret':
      return 'your desktop keyring (Secret Service, e.g. GNOME Keyring)';
    case 'kwallet':
    case 'kwallet5':
    case 'kwallet6':
      return 'your desktop keyring (KWallet)';
    default:
      return 'your desktop keyring';
  }
}

/** Must be called after the app is ready: safeStorage answers nothing useful before. */
export function safeStorageSealer(safe: SafeStorageLike, platform: NodeJS.Platform): SecretSealer {
  if (!safe.isEncryptionAvailable()) {
    return unavailableSealer(
      `This system offers TP Inspector no way to encrypt stored data, ${MEMORY_ONLY}`,
    );
  }
  const backend = platform === 'linux' ? safe.getSelectedStorageBackend() : null;
  if (backend === 'basic_text') {
    return unavailableSealer(
      `No desktop keyring (such as GNOME Keyring or KWallet) is running, and without one the only ` +
        `encryption on offer uses a fixed key that protects nothing, ${MEMORY_ONLY} ` +
        `Start a keyring and relaunch the app to keep them between sessions.`,
    );
  }
  return {
    available: true,
    explanation: `Client secrets and tokens are stored encrypted with a key held by ${keyringName(platform, backend)}.`,
    seal: (plain) => safe.encryptString(plain).toString('base64'),
    unseal: (sealed) => safe.decryptString(Buffer.from(sealed, 'base64')),
  };
}
