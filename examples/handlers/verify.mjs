// Verifying a delivery as the platform signs it (docs/sandbox.md, Deliveries): over the exact
// `data` string as it arrived (after form decoding), never over a re-serialized JSON, with the
// app's own method only, compared in constant time.
import { createHmac, createPublicKey, timingSafeEqual, verify } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { clientSecret } from './serve.mjs';

/** @typedef {{ method: string, secret?: string, rsaKey?: string | Buffer }} Signing */

/**
 * The app's method: SIGNATURE_METHOD (default HMAC-SHA256); RSA-SHA256 reads RSA_PUBLIC_KEY_FILE.
 * @returns {Signing}
 */
export function appSigning() {
  const method = process.env.SIGNATURE_METHOD ?? 'HMAC-SHA256';
  return method === 'RSA-SHA256'
    ? { method, rsaKey: publicKey(process.env.RSA_PUBLIC_KEY_FILE) }
    : { method, secret: clientSecret() };
}

/**
 * The platform's public key (PEM), read at start: a handler that cannot verify must not start.
 * @param {string | undefined} file
 */
function publicKey(file) {
  const where =
    'the embedded sandbox serves its own at /_sandbox/signing-key.pem; for tp check it is the public half of the key you give --signing-key, as docs/endpoint-check.md says';
  if (!file) {
    console.error(
      `SIGNATURE_METHOD=RSA-SHA256 verifies with the platform's public key: set RSA_PUBLIC_KEY_FILE to its PEM file (${where}).`,
    );
    process.exit(2);
  }
  try {
    return createPublicKey(readFileSync(file)).export({ type: 'spki', format: 'pem' });
  } catch (err) {
    const reason =
      /** @type {NodeJS.ErrnoException} */ (err).code === 'ENOENT'
        ? 'there is no such file'
        : 'it is not a public key in PEM';
    console.error(
      `RSA_PUBLIC_KEY_FILE=${file}: ${reason}. Give the platform's public key (${where}).`,
    );
    process.exit(2);
  }
}

const HEX = /^(?:[0-9a-fA-F]{2})+$/;

/**
 * @param {URLSearchParams} form
 * @param {Signing} signing
 */
export function verified(form, { method, secret = '', rsaKey }) {
  const data = form.get('data');
  const signature = form.get('signature');
  // Only the app's own method: a handler that trusts signature_method can be handed a weaker one.
  if (!data || !signature || form.get('signature_method') !== method) return false;
  if (method === 'RSA-SHA256') {
    if (!rsaKey) return false;
    // Base64 as it is written, and only so: Node's decoder skips what is not base64 (spaces, `!`,
    // text after the padding), so another spelling of a signature would pass for it.
    const given = Buffer.from(signature, 'base64');
    if (given.toString('base64') !== signature) return false;
    return verify('RSA-SHA256', Buffer.from(data, 'utf8'), rsaKey, given);
  }
  const hash = method === 'HMAC-SHA1' ? 'sha1' : 'sha256';
  const expected = createHmac(hash, secret).update(data, 'utf8').digest();
  // Hex digits only: Buffer.from(_, 'hex') reads just the low byte of a character above U+00FF
  // (U+0130 `İ` as `0`) and stops at the first that is not a digit, so another spelling of a
  // signature would pass for it.
  if (!HEX.test(signature)) return false;
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
