// What every check runs with: how to sign as the app's platform does (one signer with the sandbox,
// src-shared/rules/delivery-signature.ts), and how to send, which also keeps every answer for the
// deadline and transport checks and stops the battery once the handler misses the deadline twice
// (each further delivery would cost another 10 s for nothing new).
import * as nodeCrypto from 'node:crypto';
import { randomBytes } from 'node:crypto';
import { PLATFORM_DELIVERY_DEADLINE_MS } from '../../../src-shared/rules/delivery-deadline';
import { signDelivery } from '../../../src-shared/rules/delivery-signature';
import type { SignatureMethodName } from '../../../src-shared/spec/shapes';
import type { CertificateVerdict } from './certificate';
import type { Verdict } from './judge';
import {
  sendDelivery,
  type DeliveryForm,
  type SendContext,
  type SentDelivery,
} from './send-delivery';

export interface SigningSetup {
  method: SignatureMethodName;
  /** The app's client secret; '' when the profile has none (then only RSA-SHA256 can sign). */
  clientSecret: string;
  /** The platform's RSA private key, when the engine has it (the embedded sandbox's). */
  rsaPrivateKeyPem?: () => string;
}

export interface CheckContext {
  signing: SigningSetup;
  /** The handler's certificate, as judged before the battery. */
  certificate: CertificateVerdict;
  burst: number;
  url: string;
  /** Every delivery sent so far, but the burst's (the deadline check's sample). */
  sent: SentDelivery[];
  /** The burst's deliveries, for the transport check. */
  burstSent: SentDelivery[];
  /** Signs with the app's method and key. */
  sign(data: string): string;
  /** Signs with another method, or another key (`other`: a secret or key pair the app does not have). */
  signWith(method: SignatureMethodName, data: string, key: 'app' | 'other'): string;
  /** The form of a validly signed delivery of `data`. */
  valid(data: string): DeliveryForm;
  send(checkId: string, form: DeliveryForm, options?: { burst?: boolean }): Promise<SentDelivery>;
}

export interface CheckDefinition {
  id: string;
  name: string;
  rule: string;
  run(ctx: CheckContext): Promise<Verdict & { sent: SentDelivery[] }>;
}

/** Deliveries past the deadline after which the rest of the battery is not sent. */
const MISSES_BEFORE_STOP = 2;

export function createCheckContext(
  signing: SigningSetup,
  transport: SendContext,
  burst: number,
  certificate: CertificateVerdict,
  /** A run's Stop: what is not sent yet is not sent. */
  signal?: AbortSignal,
): CheckContext {
  const otherSecret = randomBytes(24).toString('hex');
  let otherKeyPem: string | undefined;
  const otherRsaKey = () =>
    (otherKeyPem ??= nodeCrypto
      .generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString());
  const noRsaKey = () => {
    throw new Error('RSA-SHA256 needs the platform private key');
  };
  const keysOf = (key: 'app' | 'other') =>
    key === 'app'
      ? {
          clientSecret: signing.clientSecret,
          rsaPrivateKeyPem: signing.rsaPrivateKeyPem ?? noRsaKey,
        }
      : { clientSecret: otherSecret, rsaPrivateKeyPem: otherRsaKey };
  let misses = 0;
  const ctx: CheckContext = {
    signing,
    certificate,
    burst,
    url: transport.url,
    sent: [],
    burstSent: [],
    signWith: (method, data, key) => signDelivery(nodeCrypto, method, data, keysOf(key)),
    sign: (data) => ctx.signWith(signing.method, data, 'app'),
    valid: (data) => ({ data, signature: ctx.sign(data), signature_method: signing.method }),
    async send(checkId, form, options = {}) {
      if (signal?.aborted) {
        return {
          status: null,
          ms: 0,
          seq: 0,
          skipped: true,
          error: 'not sent: the run was stopped',
        };
      }
      if (misses >= MISSES_BEFORE_STOP) {
        return {
          status: null,
          ms: 0,
          seq: 0,
          skipped: true,
          error: `not sent: the handler already missed the platform's ${PLATFORM_DELIVERY_DEADLINE_MS / 1000} s deadline ${misses} times, so the rest of the battery was not sent`,
        };
      }
      const sent = await sendDelivery(transport, checkId, form);
      if (sent.status === null && sent.ms >= PLATFORM_DELIVERY_DEADLINE_MS) misses += 1;
      (options.burst ? ctx.burstSent : ctx.sent).push(sent);
      return sent;
    },
  };
  return ctx;
}
