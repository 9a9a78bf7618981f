// Signatures of deliveries (docs/sandbox.md, Deliveries): hex HMAC-SHA256 / HMAC-SHA1 keyed
// with the client_secret, or base64 RSA-SHA256 (PKCS#1 v1.5) with the sandbox's own key pair. The
// signing itself is src-shared/rules/delivery-signature.ts, shared with the engine's endpoint check.
import * as nodeCrypto from 'node:crypto';
import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { signDelivery } from '../../../src-shared/rules/delivery-signature';
import type { AppRecord } from '../state/records';
import type { Store } from '../state/store';

export class Signer {
  constructor(private readonly store: Store) {}

  /** Made on first need (key generation costs tens of milliseconds) and kept in the state. */
  privateKeyPem(): string {
    if (!this.store.rsaPrivateKeyPem) {
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      this.store.rsaPrivateKeyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    }
    return this.store.rsaPrivateKeyPem;
  }

  publicKeyPem(): string {
    return createPublicKey(createPrivateKey(this.privateKeyPem()))
      .export({ type: 'spki', format: 'pem' })
      .toString();
  }

  sign(app: AppRecord, data: string): string {
    return signDelivery(nodeCrypto, app.signature_method, data, {
      clientSecret: app.client_secret,
      rsaPrivateKeyPem: () => this.privateKeyPem(),
    });
  }
}
