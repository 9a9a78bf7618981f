// examples/handlers/verify.mjs, which people copy into their own handlers: it takes the platform's
// signature over `data` in hex, and no other spelling of it (Node's hex decoder reads only the low
// byte of a character above U+00FF and stops at the first one that is not a digit).
import { createHmac, generateKeyPairSync, sign } from 'node:crypto';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HANDLERS } from './sample-handler';

const SECRET = 'verify-example-secret-7c1d';
process.env.CLIENT_SECRET = SECRET;
// Loaded by URL: the examples are plain scripts, outside the tests' type project.
const { verified } = (await import(pathToFileURL(join(HANDLERS, 'verify.mjs')).href)) as {
  verified(
    form: URLSearchParams,
    signing: { method: string; secret?: string; rsaKey?: string },
  ): boolean;
};

const data = JSON.stringify({ id: 'm1', type: 'text', data: { body: 'hi' } });
const hex = createHmac('sha256', SECRET).update(data, 'utf8').digest('hex');
const form = (signature: string) =>
  new URLSearchParams({ data, signature, signature_method: 'HMAC-SHA256' });
const signing = { method: 'HMAC-SHA256', secret: SECRET };

describe('the example verifier', () => {
  it('takes the signature in hex, in either case', () => {
    expect(verified(form(hex), signing)).toBe(true);
    expect(verified(form(hex.toUpperCase()), signing)).toBe(true);
  });

  it('refuses another spelling that decodes to the same bytes', () => {
    // U+0130 and U+0161 have the low bytes 0x30 ('0') and 0x61 ('a').
    const respelled = hex.replaceAll('0', '\u0130').replaceAll('a', '\u0161');
    expect(respelled).not.toBe(hex);
    expect(Buffer.from(respelled, 'hex').equals(Buffer.from(hex, 'hex'))).toBe(true);
    expect(verified(form(respelled), signing)).toBe(false);
    // Trailing text after the digits, which the decoder ignores.
    expect(verified(form(`${hex}zz`), signing)).toBe(false);
  });

  it('takes an RSA-SHA256 signature in base64 as written, and no other spelling of it', () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const rsaKey = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const base64 = sign('RSA-SHA256', Buffer.from(data, 'utf8'), privateKey).toString('base64');
    const rsa = (signature: string) =>
      verified(new URLSearchParams({ data, signature, signature_method: 'RSA-SHA256' }), {
        method: 'RSA-SHA256',
        rsaKey,
      });
    expect(rsa(base64)).toBe(true);
    // Each decodes to the same bytes: a space inside, text after the padding, a `!` inside.
    for (const respelled of [
      `${base64.slice(0, 8)} ${base64.slice(8)}`,
      `${base64}zz`,
      `${base64.slice(0, 8)}!${base64.slice(8)}`,
    ]) {
      expect(Buffer.from(respelled, 'base64').equals(Buffer.from(base64, 'base64'))).toBe(true);
      expect(rsa(respelled), respelled.slice(0, 12)).toBe(false);
    }
  });
});
