// examples/handlers/verify.mjs, which people copy into their own handlers: it takes the platform's
// signature over `data` in hex, and no other spelling of it (Node's hex decoder reads only the low
// byte of a character above U+00FF and stops at the first one that is not a digit).
import { createHmac } from 'node:crypto';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HANDLERS } from './sample-handler';

const SECRET = 'verify-example-secret-7c1d';
process.env.CLIENT_SECRET = SECRET;
// Loaded by URL: the examples are plain scripts, outside the tests' type project.
const { verified } = (await import(pathToFileURL(join(HANDLERS, 'verify.mjs')).href)) as {
  verified(form: URLSearchParams, signing: { method: string; secret?: string }): boolean;
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
});
