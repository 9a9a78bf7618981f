// The OS keyring the tests stand in for the Electron shell's safeStorage, so that the engine seals
// secrets as it does in the app, without a keyring on the machine.
import type { SecretSealer } from '../../src-main/core/host-interface';

/** Reversible, and nothing like the plain text: a test that finds the plain text finds a leak. */
export const testKeyring: SecretSealer = {
  available: true,
  explanation: 'Sealed with the test keyring.',
  seal: (plain) => Buffer.from(plain).toString('base64').split('').reverse().join(''),
  unseal: (sealed) => Buffer.from(sealed.split('').reverse().join(''), 'base64').toString(),
};
