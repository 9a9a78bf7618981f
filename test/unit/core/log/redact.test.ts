import { describe, expect, it } from 'vitest';
import {
  SECRET_PARAM_NAMES,
  createRedactor,
  redactValue,
} from '../../../../src-main/core/log/redact';

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

describe('redaction of every form a secret takes in text', () => {
  // Characters that each encoding writes its own way: `/`, `+`, `"`, `\`, a space, `&`, `=`, é.
  const secret = 'cs/"se+cr\\et wi&th=é-0123';
  const shown = redactValue(secret);
  const redactorKnowing = (...secrets: string[]) => {
    const r = createRedactor();
    for (const s of secrets) r.addSecret(s);
    return r;
  };

  it('raw', () => {
    expect(redactorKnowing(secret).text(`the secret ${secret} again ${secret}`)).toBe(
      `the secret ${shown} again ${shown}`,
    );
  });

  it('percent-encoded as in a URL, in either case of hex', () => {
    const r = redactorKnowing(secret);
    const url = `https://platform.test/cb?client_secret=${encodeURIComponent(secret)}&x=1`;
    const out = r.text(url);
    expect(out).not.toContain(encodeURIComponent(secret));
    expect(new URL(out).searchParams.get('client_secret')).toBe(shown);
    expect(new URL(out).searchParams.get('x')).toBe('1');
    const lower = encodeURIComponent(secret).replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase());
    const outLower = r.text(`?s=${lower}`);
    expect(outLower).not.toContain(lower);
    expect(decodeURIComponent(outLower)).toBe(`?s=${shown}`);
  });

  it('form-encoded as in a query string or a form body, `+` for a space', () => {
    const r = redactorKnowing(secret);
    const body = new URLSearchParams({ grant_type: 'client_credentials', client_secret: secret });
    const out = r.text(body.toString());
    expect(out).not.toContain(new URLSearchParams({ s: secret }).toString().slice(2));
    expect(new URLSearchParams(out).get('client_secret')).toBe(shown);
    expect(new URLSearchParams(out).get('grant_type')).toBe('client_credentials');
    // encodeURIComponent with `+` for the spaces, as some query strings are written.
    const plus = encodeURIComponent(secret).replace(/%20/g, '+');
    expect(r.text(`a=${plus}`)).not.toContain(plus);
  });

  it('escaped inside a JSON string, and the JSON stays valid with the redaction in it', () => {
    const r = redactorKnowing(secret);
    const json = JSON.stringify({ error_description: `client_secret ${secret} is wrong` });
    const out = r.text(json);
    expect(out).not.toContain(JSON.stringify(secret).slice(1, -1));
    expect(JSON.parse(out)).toEqual({ error_description: `client_secret ${shown} is wrong` });
    // As encoders that escape `/` and non-ASCII write it (PHP's json_encode).
    const php = json.replace(/\//g, '\\/').replace(/é/g, '\\u00e9');
    expect(JSON.parse(r.text(php))).toEqual({
      error_description: `client_secret ${shown} is wrong`,
    });
    // A JSON body kept as text inside a JSON line: escaped twice.
    const twice = JSON.stringify({ body: json });
    expect(JSON.parse(JSON.parse(r.text(twice)).body)).toEqual({
      error_description: `client_secret ${shown} is wrong`,
    });
  });

  it('a secret with nothing to encode keeps the one form and the old prefix', () => {
    const r = redactorKnowing('tok_0123456789abcdef');
    expect(r.text(JSON.stringify({ q: 'a=tok_0123456789abcdef' }))).toBe('{"q":"a=tok_…"}');
  });

  it('holdsSecret says whether a JSON line holds a known secret in any form, false knowing none', () => {
    const line = JSON.stringify({ body: JSON.stringify({ s: secret }) });
    expect(createRedactor().holdsSecret(line)).toBe(false);
    const r = redactorKnowing(secret);
    expect(r.holdsSecret(line)).toBe(true);
    expect(r.holdsSecret(JSON.stringify({ q: encodeURIComponent(secret) }))).toBe(true);
    expect(r.holdsSecret(JSON.stringify({ q: 'nothing here' }))).toBe(false);
  });

  it('record() redacts every string of a record, keys included, and leaves the rest', () => {
    const r = redactorKnowing(secret, 'tok_0123456789abcdef');
    const record = {
      seq: 3,
      ok: true,
      api: {
        url: `https://p.test/x?code=${encodeURIComponent(secret)}`,
        requestHeaders: { [`x-${secret}`]: 'tok_0123456789abcdef' },
        responseBody: { encoding: 'utf8', text: JSON.stringify({ e: secret }) },
        list: [secret, 1, null],
      },
    };
    const out = r.record(record);
    expect(out).toEqual({
      seq: 3,
      ok: true,
      api: {
        url: `https://p.test/x?code=${encodeURIComponent(shown)}`,
        requestHeaders: { [`x-${shown}`]: 'tok_…' },
        responseBody: { encoding: 'utf8', text: JSON.stringify({ e: shown }) },
        list: [shown, 1, null],
      },
    });
    // A copy: the record given is left as it was.
    expect(record.api.list[0]).toBe(secret);
  });
});
