// buildRequest's steps on their own: each answers what it found (errors, notes) for what it is
// given, so a step's rule is seen here without building a whole request.
import { describe, expect, it } from 'vitest';
import {
  SECRET_PLACEHOLDER,
  fieldIssues,
  fieldsToSend,
  shownFields,
  typedFields,
  wireHeaders,
} from '../../../../src-main/core/composer/build-steps';
import { buildMultipart } from '../../../../src-main/core/composer/multipart';
import type { EndpointSpec } from '../../../../src-shared/spec';
import { ENDPOINTS } from './spec-helpers';

const endpoint = (id: string) => (ENDPOINTS as readonly EndpointSpec[]).find((e) => e.id === id)!;
const typed = (fields: Record<string, string>) => new Map(Object.entries(fields));

describe('typedFields', () => {
  const profile = { clientId: 'acme', clientSecret: null };

  it('drops an empty field unless it is kept on purpose', () => {
    const out = typedFields(
      { params: { a: '', b: '', c: 'x' }, keepEmpty: ['b'] },
      endpoint('me'),
      profile,
    );
    expect([...out.typed]).toEqual([
      ['b', ''],
      ['c', 'x'],
    ]);
    expect([out.errors, out.notes, out.vcardXml]).toEqual([[], [], null]);
  });

  it("fills the token endpoint's client id and secret from the profile, a placeholder in a preview", () => {
    const out = typedFields({ params: {}, keepEmpty: [] }, endpoint('token'), profile);
    expect(out.typed.get('client_id')).toBe('acme');
    expect(out.typed.get('client_secret')).toBe(SECRET_PLACEHOLDER);
    expect(out.notes).toEqual([
      { field: 'client_secret', message: "Filled from the profile's client secret." },
    ]);
  });

  it('keeps a client secret that was typed, with no note', () => {
    const out = typedFields(
      { params: { client_secret: 'typed' }, keepEmpty: [] },
      endpoint('token'),
      { clientId: 'acme', clientSecret: 'from-profile' },
    );
    expect(out.typed.get('client_secret')).toBe('typed');
    expect(out.notes).toEqual([]);
  });

  it('refuses a contact given both in the editor and as raw XML', () => {
    const out = typedFields(
      {
        params: { vcard: '<vcard/>' },
        keepEmpty: [],
        vcard: { name: 'Ada', surname: 'Lovelace', phones: [] },
      },
      endpoint('message.send'),
      profile,
    );
    expect(out.typed.get('vcard')).toBe('<vcard/>');
    expect(out.vcardXml).toBeNull();
    expect(out.errors).toEqual([
      {
        field: 'vcard',
        message: 'Give the contact either in the editor or as raw XML in vcard, not both.',
      },
    ]);
  });
});

describe('fieldsToSend', () => {
  it('sends in catalog order, leaves out a field whose condition fails, and sends an unknown one last', () => {
    const out = fieldsToSend(
      endpoint('token'),
      typed({ extra: 'x', code: 'abc', client_id: 'app', grant_type: 'client_credentials' }),
      false,
    );
    expect(out.sent).toEqual([
      ['grant_type', 'client_credentials'],
      ['client_id', 'app'],
      ['extra', 'x'],
    ]);
    expect(out.applicable).toContain('scope');
    expect(out.applicable).not.toContain('code');
    expect(out.notes).toEqual([
      {
        field: 'code',
        message: 'Left out: code is only used with grant_type authorization_code.',
      },
      {
        field: 'extra',
        message: 'extra is not a parameter of /tp/token in the API document; it is sent as typed.',
      },
    ]);
  });
});

describe('fieldIssues', () => {
  it('gives each failing field its own reason, and a variable a note instead of an error', () => {
    const sent: [string, string][] = [
      ['grant_type', '{{grant}}'],
      ['client_id', 'app'],
    ];
    const out = fieldIssues(endpoint('token'), sent, null, typed(Object.fromEntries(sent)));
    expect(out.errors.map((e) => e.field)).toEqual(['client_secret']);
    expect(out.notes).toEqual([
      {
        field: 'grant_type',
        message:
          'grant_type holds a variable ({{grant}}): a collection run fills it in first; sent from the composer, it goes as written.',
      },
    ]);
  });

  it('refuses a file on an endpoint that takes none', () => {
    const sent: [string, string][] = [
      ['grant_type', 'client_credentials'],
      ['client_id', 'app'],
      ['client_secret', 's'],
    ];
    const file = { info: { accepted: true, notes: [] } };
    const out = fieldIssues(endpoint('token'), sent, file, typed(Object.fromEntries(sent)));
    expect(out.errors).toEqual([
      { field: 'file', message: `${endpoint('token').title} takes no file.` },
    ]);
  });
});

describe('wireHeaders', () => {
  it("measures the body's length in bytes and keeps the request's own headers, lower-cased", () => {
    const out = wireHeaders({ kind: 'form', text: 'text=é' }, { 'X-Trace': '1', Accept: '*/*' });
    expect(out.size).toBe(7);
    expect(out.headers).toEqual({
      accept: '*/*',
      'content-type': 'application/x-www-form-urlencoded',
      'content-length': '7',
      'x-trace': '1',
    });
    expect(out.notes).toEqual([]);
  });

  it('leaves out a content-length given with the request, with a note', () => {
    const body = buildMultipart([['a', 'b']], null, 'B0undary');
    const out = wireHeaders({ kind: 'multipart', body }, { 'Content-Length': '1' });
    expect(out.headers['content-length']).toBe(String(body.size));
    expect(out.headers['content-type']).toBe(body.contentType);
    expect(out.notes).toEqual([
      {
        field: 'headers',
        message: "content-length is the body's own length; the one given is left out.",
      },
    ]);
  });

  it('sends no length and no content type without a body', () => {
    expect(wireHeaders({ kind: 'none' }, undefined)).toEqual({
      headers: { accept: 'application/json' },
      size: 0,
      notes: [],
    });
  });
});

describe('shownFields', () => {
  it('redacts a secret field, by the catalog or by its name, but not the preview placeholder', () => {
    const shown = shownFields(endpoint('token'), [
      ['grant_type', 'refresh_token'],
      ['client_secret', SECRET_PLACEHOLDER],
      ['refresh_token', 'rt-0123456789abcdef'],
      ['otp', '0123456789abcdef'],
    ]);
    expect(shown).toEqual({
      grant_type: 'refresh_token',
      client_secret: SECRET_PLACEHOLDER,
      refresh_token: 'rt-0…',
      otp: '0123…',
    });
  });
});
