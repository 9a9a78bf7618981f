// Signatures of deliveries (docs/sandbox.md, Deliveries): hex HMAC-SHA256 / HMAC-SHA1 keyed
// with the client_secret, or base64 RSA-SHA256 (PKCS#1 v1.5) with the sandbox's own key pair.
import {
  createHmac,
  createPrivateKey,
  createPublicKey,
  createSign,
  generateKeyPairSync,
} from 'node:crypto';
import type { AppRecord } from '../state/records';
import type { Store } from '../state/store';

export class Signer {
  constructor(private readonly store: Store) {}

  /** Made on first need (key generation costs tens of milliseconds) and kept in the state. */
  private privateKeyPem(): string {
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
    switch (app.signature_method) {
      case 'HMAC-SHA1':
        return createHmac('sha1', app.client_secret).update(data, 'utf8').digest('hex');
      case 'RSA-SHA256':
        return createSign('RSA-SHA256').update(data, 'utf8').sign(this.privateKeyPem(), 'base64');
      default:
        return createHmac('sha256', app.client_secret).update(data, 'utf8').digest('hex');
    }
  }
}
