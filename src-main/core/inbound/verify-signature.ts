// Verifies a delivery's signature over the exact `data` string (docs/sandbox.md,
// Deliveries): hex HMAC-SHA256 or HMAC-SHA1 keyed with the client secret, or base64 RSA-SHA256
// (PKCS#1 v1.5) with a configured public key. Comparisons are constant-time. The real platform
// does not document its algorithms (API document §6), so every outcome says what was checked.
import {
  createHmac,
  createPublicKey,
  createSecretKey,
  timingSafeEqual,
  verify,
  type KeyObject,
} from 'node:crypto';
import type { DeliveryVerification } from '../../../src-shared/contract';
import { signaturePrefix } from '../../../src-shared/rules/signature-prefix';

interface VerifyInput {
  /** The decoded `data` field, null when absent. */
  data: string | null;
  signature: string | null;
  signatureMethod: string | null;
  clientSecret: string | undefined;
  rsaPublicKeyPem: string | null;
}

export function verifySignature(input: VerifyInput): DeliveryVerification {
  const method = input.signatureMethod ?? '';
  const { data, signature } = input;
  if (data === null) {
    return {
      outcome: 'missing',
      method,
      explanation: 'The delivery has no `data` field to verify.',
    };
  }
  if (!signature || !method) {
    const absent = [!signature && '`signature`', !method && '`signature_method`'].filter(Boolean);
    return {
      outcome: 'missing',
      method,
      explanation: `The delivery has no ${absent.join(' and no ')}: it is unsigned, so nothing proves it came from the platform.`,
    };
  }
  const bytes = Buffer.byteLength(data, 'utf8');
  const over = `the \`data\` field after form decoding: ${bytes} bytes of UTF-8`;
  const upper = method.toUpperCase();
  if (upper === 'HMAC-SHA256' || upper === 'HMAC-SHA1') {
    if (!input.clientSecret) {
      return {
        outcome: 'unsupported',
        method,
        explanation: `${method} needs the app's client secret, and this profile has none. Set the client secret in the profile to verify these deliveries.`,
      };
    }
    const algorithm = upper === 'HMAC-SHA1' ? 'sha1' : 'sha256';
    const digest = createHmac(algorithm, hmacKey(input.clientSecret)).update(data, 'utf8').digest();
    if (digestEquals(digest, signature)) {
      return {
        outcome: 'valid',
        method,
        explanation: `Valid ${method} signature over ${over}.`,
        over,
      };
    }
    // Only its start: the whole would be a valid signature of the sender's data, handed to whoever
    // reads the record or a report (src-shared/rules/signature-prefix.ts).
    const expected = signaturePrefix(digest.toString('hex'));
    return {
      outcome: 'invalid',
      method,
      explanation: `The signature does not match. Expected the lowercase hex ${method} of ${over}, keyed with the profile's client secret: one beginning ${expected} (only its start is kept); the delivery carries ${JSON.stringify(truncate(signature))}. Either the data was changed on the way, or the secret differs from the platform's.`,
      expected,
      over,
    };
  }
  if (upper === 'RSA-SHA256') {
    if (!input.rsaPublicKeyPem) {
      return {
        outcome: 'unsupported',
        method,
        explanation:
          "RSA-SHA256 needs the platform's public key, and none is configured for this profile. Paste the PEM public key in the inbound settings (the sandbox publishes its own at /_sandbox/signing-key.pem).",
      };
    }
    let ok = false;
    try {
      const key = createPublicKey(input.rsaPublicKeyPem);
      ok = verify('RSA-SHA256', Buffer.from(data, 'utf8'), key, Buffer.from(signature, 'base64'));
    } catch (err) {
      return {
        outcome: 'unsupported',
        method,
        explanation: `The configured RSA public key could not be used (${(err as Error).message}). Paste a PEM public key in the inbound settings.`,
      };
    }
    if (ok) {
      return {
        outcome: 'valid',
        method,
        explanation: `Valid RSA-SHA256 signature over ${over}.`,
        over,
      };
    }
    return {
      outcome: 'invalid',
      method,
      explanation: `The signature does not verify: expected a base64 RSA-SHA256 (PKCS#1 v1.5) signature of ${over} by the configured public key's private key. Either the data was changed, or the platform signed with another key.`,
      over,
    };
  }
  return {
    outcome: 'unsupported',
    method,
    explanation: `TP Inspector cannot verify the signature method ${JSON.stringify(truncate(method))}: it knows HMAC-SHA256, HMAC-SHA1 and RSA-SHA256.`,
  };
}

// Importing the key is a good part of an HMAC's cost; deliveries of a profile share one secret.
let lastKey: { secret: string; key: KeyObject } | null = null;
function hmacKey(secret: string): KeyObject {
  if (lastKey?.secret !== secret)
    lastKey = { secret, key: createSecretKey(Buffer.from(secret, 'utf8')) };
  return lastKey.key;
}

/**
 * Constant-time comparison of a computed digest with a received hex signature (either case): the
 * signature's form is checked first (that says nothing about the secret), then its bytes are
 * compared with timingSafeEqual. The form check is not Buffer.from's: its hex decoder reads only
 * the low byte of a character above U+00FF (`İ`, U+0130, as `0`), so a forged spelling of a valid
 * signature would decode to the same digest.
 */
function digestEquals(digest: Buffer, received: string): boolean {
  if (received.length !== digest.length * 2 || !HEX.test(received)) return false;
  return timingSafeEqual(digest, Buffer.from(received, 'hex'));
}
const HEX = /^[0-9a-fA-F]*$/;

function truncate(text: string, max = 200): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
