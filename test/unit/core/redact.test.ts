import { describe, expect, it } from 'vitest';
import { SECRET_PARAM_NAMES, createRedactor, redactValue } from '../../../src-main/core/log/redact';

describe('redaction', () => {
  it('keeps a 4-character prefix of a long secret and nothing of a short one', () => {
    expect(redactValue('abcdefghijklmnop')).toBe('abcd…');
    expect(redactValue('short')).toBe('…');
  });

  it('redacts secret parameters by name and known secrets anywhere in text', () => {
    const r = createRedactor();
    const token = 'tok_0123456789abcdef';
    r.addSecret(token);
    expect(
      r.params({ client_secret: 'supersecretvalue', client_id: 'acme', note: `x ${token} y` }),
    ).toEqual({
      client_secret: 'supe…',
      client_id: 'acme',
      note: 'x tok_… y',
    });
    expect(r.text(`{"access_token":"${token}","again":"${token}"}`)).toBe(
      '{"access_token":"tok_…","again":"tok_…"}',
    );
  });

  it('every parameter the endpoint catalog marks secret is redacted by name, the authorization code and the otp included', () => {
    const r = createRedactor();
    const out = r.params({
      grant_type: 'authorization_code',
      code: 'jVPo1-E-pUIWguE9PkF3oEZVZxUXHgI6',
      otp: '8f14e45fceea167a',
      refresh_token: 'kZV2aaaabbbbccccdddd',
      client_secret: 'X-NNsecretsecret',
      access_token: 'VDw-tokentokentoken',
    });
    expect(out).toEqual({
      grant_type: 'authorization_code',
      code: 'jVPo…',
      otp: '8f14…',
      refresh_token: 'kZV2…',
      client_secret: 'X-NN…',
      access_token: 'VDw-…',
    });
    for (const name of ['client_secret', 'code', 'refresh_token', 'otp', 'access_token'])
      expect(SECRET_PARAM_NAMES.has(name)).toBe(true);
  });

  it('keeps the scheme of an Authorization header and redacts the credential', () => {
    const r = createRedactor();
    expect(
      r.headers({ Authorization: 'Bearer 0123456789abcdef', accept: 'application/json' }),
    ).toEqual({
      Authorization: 'Bearer 0123…',
      accept: 'application/json',
    });
  });

  it('headersShared: the same object when nothing is redacted, else a redacted copy', () => {
    const r = createRedactor();
    const token = 'tok_0123456789abcdef';
    r.addSecret(token);
    const plain = { 'content-type': 'text/plain', 'user-agent': 'sandbox-platform' };
    expect(r.headersShared(plain)).toBe(plain);
    const withSecret = { 'x-echo': `a ${token}`, accept: '*/*' };
    expect(r.headersShared(withSecret)).toEqual({ 'x-echo': 'a tok_…', accept: '*/*' });
    expect(withSecret['x-echo']).toBe(`a ${token}`);
    const auth = { authorization: 'Bearer 0123456789abcdef' };
    expect(r.headersShared(auth)).toEqual({ authorization: 'Bearer 0123…' });
  });

  it('ignores values too short to be secrets, so ordinary words are not mangled', () => {
    const r = createRedactor();
    r.addSecret('abc');
    expect(r.text('abc abc')).toBe('abc abc');
  });
});
