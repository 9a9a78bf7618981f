// Request building from the catalog: every endpoint and every msg_type, the exact bytes of the
// form, query and multipart bodies, user_id from "act as", and each field's reason in words.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ActAs } from '../../../../src-shared/contract';
import {
  buildRequest,
  type ComposerInput,
  type ResolvedFile,
} from '../../../../src-main/core/composer/build-request';
import { multipartBytes } from '../../../../src-main/core/composer/multipart';
import { resolveFile } from '../../../../src-main/core/composer/resolve-file';
import { ENDPOINTS, MSG_TYPES, vcardProblemForTests } from './spec-helpers';
import { CTX, parseMultipart } from './helpers';

const app: ActAs = { kind: 'app' };
const forUser: ActAs = { kind: 'appForUser', userId: 'u1' };
const asUser: ActAs = { kind: 'user', userId: 'u1' };

const input = (
  endpointId: string,
  params: Record<string, string>,
  actAs: ActAs = forUser,
  extra: Partial<ComposerInput> = {},
): ComposerInput => ({ endpointId, params, keepEmpty: [], actAs, ...extra });

/** A valid request for every endpoint of the catalog. */
const VALID: Record<string, ComposerInput> = {
  authorize: input(
    'authorize',
    { response_type: 'code', client_id: 'acme-orders', state: 's1', scope: 'basic user_phone' },
    app,
  ),
  token: input('token', { grant_type: 'client_credentials' }, app),
  'otp.verify': input('otp.verify', { otp: 'otp-123' }, app),
  me: input('me', {}),
  'contact.add': input('contact.add', {
    contact_id: 'order-1',
    display_name: 'Order 1',
    avatar_url: 'https://img.example/a.png',
    capabilities: 'group_add interactive',
  }),
  'contact.remove': input('contact.remove', { contact_id: 'order-1' }),
  'message.send': input('message.send', {
    contact_id: 'order-1',
    resource_id: 'u1',
    msg_type: 'text',
    text: 'Hello & welcome',
    no_push: 'true',
  }),
  'bulk.send': input(
    'bulk.send',
    { contact_id: 'order-1', resources: 'u1 r2', msg_type: 'sticker', sticker_id: 'st-9' },
    app,
  ),
  'resource.info': input('resource.info', { resource_id: 'r2' }),
  'resource.list': input('resource.list', {}),
};

describe('every endpoint of the catalog builds a valid request', () => {
  it('has a case for each endpoint', () => {
    expect(Object.keys(VALID).sort()).toEqual(ENDPOINTS.map((e) => e.id).sort());
  });

  it.each(Object.entries(VALID))('%s', (id, request) => {
    const built = buildRequest(request, null, CTX);
    expect(built.errors).toEqual([]);
    const endpoint = ENDPOINTS.find((e) => e.id === id)!;
    expect(built.wire.method).toBe(endpoint.method);
    const expectedQuery = new URLSearchParams(Object.entries(built.fields)).toString();
    if (endpoint.method === 'GET') {
      expect(built.wire.body.kind).toBe('none');
      expect(built.wire.url).toBe(
        `https://platform.example${endpoint.paths[0]}${expectedQuery ? `?${expectedQuery}` : ''}`,
      );
    } else {
      expect(built.wire.url).toBe(`https://platform.example${endpoint.paths[0]}`);
      expect(built.wire.body).toEqual({ kind: 'form', text: expectedQuery });
      expect(built.wire.headers['content-type']).toBe('application/x-www-form-urlencoded');
      expect(built.wire.headers['content-length']).toBe(String(Buffer.byteLength(expectedQuery)));
      expect(built.view.raw).toEqual({
        text: expectedQuery,
        size: Buffer.byteLength(expectedQuery),
        truncated: false,
      });
    }
  });

  it('encodes the form exactly: spaces as +, & and = escaped, catalog order, user_id first', () => {
    const built = buildRequest(VALID['message.send']!, null, CTX);
    expect(built.wire.body).toEqual({
      kind: 'form',
      text: 'user_id=u1&contact_id=order-1&resource_id=u1&msg_type=text&no_push=true&text=Hello+%26+welcome',
    });
  });

  it('sends extra headers lower-case, over the built ones, but never a content-length', () => {
    const built = buildRequest(
      {
        ...VALID['message.send']!,
        headers: { 'X-Trace': 'abc', Accept: 'text/plain', 'Content-Length': '1' },
      },
      null,
      CTX,
    );
    expect(built.wire.headers).toMatchObject({ 'x-trace': 'abc', accept: 'text/plain' });
    expect(built.wire.headers['content-length']).not.toBe('1');
    expect(built.notes.map((n) => n.message).join(' ')).toMatch(/content-length is the body/);
  });

  it('notes a {{variable}} where a rule would refuse the value, and still refuses a plain one', () => {
    const templated = buildRequest(
      input('message.send', {
        contact_id: '{{bob}}',
        resource_id: 'u1',
        msg_type: 'text',
        text: 'hi',
      }),
      null,
      CTX,
    );
    expect(templated.errors).toEqual([]);
    expect(templated.notes).toContainEqual({
      field: 'contact_id',
      message: expect.stringMatching(
        /holds a variable \(\{\{bob\}\}\): a collection run fills it in/,
      ),
    });
    const plain = buildRequest(
      input('message.send', {
        contact_id: 'bob!',
        resource_id: 'u1',
        msg_type: 'text',
        text: 'hi',
      }),
      null,
      CTX,
    );
    expect(plain.errors.map((e) => e.field)).toEqual(['contact_id']);
  });

  it('sends the bulk resources space-separated, URL-encoded, with no user_id', () => {
    const built = buildRequest(VALID['bulk.send']!, null, CTX);
    expect(built.wire.body).toEqual({
      kind: 'form',
      text: 'contact_id=order-1&resources=u1+r2&msg_type=sticker&sticker_id=st-9',
    });
  });

  it("fills the token endpoint's client_id and secret from the profile; a preview shows a placeholder", () => {
    const sent = buildRequest(VALID.token!, null, CTX);
    expect(sent.fields).toMatchObject({
      client_id: 'acme-orders',
      client_secret: 'client-secret-value-1234',
    });
    expect(sent.view.fields.client_secret).toBe('clie…');
    const preview = buildRequest(VALID.token!, null, { ...CTX, clientSecret: null });
    expect(preview.view.raw.text).not.toContain('client-secret-value-1234');
    expect(preview.view.fields.client_secret).toContain('client secret');
  });

  it('uses an alias path when asked, and refuses a path of another endpoint', () => {
    const built = buildRequest(
      { ...VALID['resource.list']!, path: '/tp/resource/list.json' },
      null,
      CTX,
    );
    expect(built.wire.url).toBe('https://platform.example/tp/resource/list.json?user_id=u1');
    expect(() => buildRequest({ ...VALID.me!, path: '/tp/token' }, null, CTX)).toThrow(
      /not a path/,
    );
    expect(() => buildRequest(input('nope', {}), null, CTX)).toThrow(/no endpoint "nope"/);
  });
});

const SAMPLE_FOR: Record<string, string> = {
  picture: 'sample.jpg',
  movie: 'sample.mp4',
  sound: 'sample.mp3',
  voice: 'sample.amr',
  file: 'sample.pdf',
};

const TYPE_PARAMS: Record<string, Record<string, string>> = {
  text: { text: 'Hi' },
  sticker: { sticker_id: 'st-1' },
  location: { geo_lat: '52.52', geo_lon: '-13.405', geo_description: 'Berlin' },
  contact: {},
  picture: {},
  movie: {},
  sound: {},
  voice: {},
  file: {},
};

async function fileFor(msgType: string): Promise<ResolvedFile | null> {
  const sample = SAMPLE_FOR[msgType];
  return sample ? resolveFile({ name: sample, sample }, msgType) : null;
}

describe.each(['message.send', 'bulk.send'])('%s with every msg_type', (endpointId) => {
  const base: Record<string, string> =
    endpointId === 'message.send'
      ? { contact_id: 'order-1', resource_id: 'r2' }
      : { contact_id: 'order-1', resources: 'u1 r2' };
  const actAs = endpointId === 'bulk.send' ? app : forUser;

  it.each([...MSG_TYPES])('%s', async (msgType) => {
    const file = await fileFor(msgType);
    const vcard =
      msgType === 'contact'
        ? {
            name: 'Ada',
            surname: 'Lovelace',
            phones: [{ number: '4915112345678', type: 'mobile' }],
          }
        : undefined;
    const built = buildRequest(
      input(endpointId, { ...base, msg_type: msgType, ...TYPE_PARAMS[msgType] }, actAs, { vcard }),
      file,
      CTX,
    );
    expect(built.errors).toEqual([]);
    // Only the parameters of this msg_type apply.
    const typeSpecific = [
      'text',
      'sticker_id',
      'geo_description',
      'geo_lat',
      'geo_lon',
      'vcard',
      'file',
    ];
    const own = Object.keys(TYPE_PARAMS[msgType]!).concat(
      msgType === 'contact' ? ['vcard'] : file ? ['file'] : [],
    );
    expect(built.applicable.filter((p) => typeSpecific.includes(p)).sort()).toEqual(own.sort());

    if (!file) {
      expect(built.wire.body.kind).toBe('form');
      if (msgType === 'contact') {
        const sentXml = new URLSearchParams(
          built.wire.body.kind === 'form' ? built.wire.body.text : '',
        ).get('vcard');
        expect(sentXml).toBe(built.view.vcardXml);
        expect(vcardProblemForTests(sentXml ?? '')).toBeNull();
      }
      return;
    }
    // The multipart body, byte for byte, read back by busboy.
    expect(built.wire.body.kind).toBe('multipart');
    if (built.wire.body.kind !== 'multipart') return;
    const body = multipartBytes(built.wire.body.body);
    expect(built.wire.headers['content-type']).toBe('multipart/form-data; boundary=XyZBoundary42');
    expect(built.wire.headers['content-length']).toBe(String(body.length));
    const parsed = await parseMultipart(body, built.wire.headers['content-type']!);
    expect(parsed.fields).toEqual(Object.entries(built.fields));
    const sample = readFileSync(`resources/samples/${SAMPLE_FOR[msgType]}`);
    expect(parsed.files).toHaveLength(1);
    expect(parsed.files[0]).toMatchObject({
      name: 'file',
      filename: SAMPLE_FOR[msgType],
      mimeType: built.view.file?.sentMime,
    });
    expect(parsed.files[0]!.bytes.equals(sample)).toBe(true);
    // The raw view is the body with the file bytes replaced by a note of their size.
    const head = body.subarray(0, body.indexOf(sample)).toString('utf8');
    expect(built.view.raw.text.startsWith(head)).toBe(true);
    expect(built.view.raw.text).toContain(
      `[${sample.length} bytes of ${built.view.file?.sentMime}]`,
    );
    expect(built.view.raw.size).toBe(body.length);
    expect(built.view.raw.truncated).toBe(true);
  });
});

describe('the exact multipart framing (RFC 7578)', () => {
  it('CRLF-separated parts with the boundary, the file part last with its Content-Type', async () => {
    const file = await fileFor('picture');
    const built = buildRequest(
      input('message.send', { contact_id: 'c', resource_id: 'u1', msg_type: 'picture' }, asUser),
      file,
      CTX,
    );
    if (built.wire.body.kind !== 'multipart') throw new Error('not multipart');
    const { head, tail } = built.wire.body.body;
    expect(head.toString('utf8')).toBe(
      '--XyZBoundary42\r\nContent-Disposition: form-data; name="contact_id"\r\n\r\nc\r\n' +
        '--XyZBoundary42\r\nContent-Disposition: form-data; name="resource_id"\r\n\r\nu1\r\n' +
        '--XyZBoundary42\r\nContent-Disposition: form-data; name="msg_type"\r\n\r\npicture\r\n' +
        '--XyZBoundary42\r\nContent-Disposition: form-data; name="file"; filename="sample.jpg"\r\n' +
        'Content-Type: image/jpeg\r\n\r\n',
    );
    expect(tail.toString('utf8')).toBe('\r\n--XyZBoundary42--\r\n');
  });

  it('escapes quotes and line breaks in a file name, and adds filename* for non-ASCII', async () => {
    const file = await resolveFile({ name: 'a"b\r\nc ü.jpg', sample: 'sample.jpg' }, 'picture');
    const built = buildRequest(
      input('message.send', { contact_id: 'c', resource_id: 'u1', msg_type: 'picture' }, asUser),
      file,
      CTX,
    );
    if (built.wire.body.kind !== 'multipart') throw new Error('not multipart');
    expect(built.wire.body.body.head.toString('utf8')).toContain(
      `filename="a%22b%0D%0Ac ü.jpg"; filename*=UTF-8''a%22b%0D%0Ac%20%C3%BC.jpg`,
    );
    const parsed = await parseMultipart(
      multipartBytes(built.wire.body.body),
      built.wire.body.body.contentType,
    );
    expect(parsed.files[0]?.filename).toBe('a"b\r\nc ü.jpg');
  });
});

describe('validation says, per field, what is wrong', () => {
  const send = (params: Record<string, string>, actAs: ActAs = forUser) =>
    buildRequest(
      input('message.send', { contact_id: 'order-1', resource_id: 'u1', ...params }, actAs),
      null,
      CTX,
    );

  it('checks lat and lon ranges and numbers', () => {
    const built = send({ msg_type: 'location', geo_lat: '91', geo_lon: 'east' });
    expect(built.errors).toEqual([
      { field: 'geo_lat', message: 'geo_lat must be between -90 and 90 (got 91).' },
      { field: 'geo_lon', message: 'geo_lon must be a number.' },
    ]);
  });

  it('reports every missing or malformed field, not only the first', () => {
    const built = buildRequest(
      input('message.send', { contact_id: 'bad id!', msg_type: 'text' }),
      null,
      CTX,
    );
    expect(built.errors.map((e) => e.field)).toEqual(['contact_id', 'resource_id', 'text']);
    expect(built.errors[0]?.message).toContain('1 to 64 characters of A-Z a-z 0-9 . _ -');
  });

  it('names an unknown msg_type', () => {
    expect(send({ msg_type: 'gif' }).errors).toEqual([
      {
        field: 'msg_type',
        message: expect.stringContaining('msg_type "gif" is not one of text, sticker'),
      },
    ]);
  });

  it('leaves out parameters of another msg_type, saying why', () => {
    const built = send({ msg_type: 'text', text: 'Hi', sticker_id: 'st-1' });
    expect(built.fields).not.toHaveProperty('sticker_id');
    expect(built.notes).toContainEqual({
      field: 'sticker_id',
      message: 'Left out: sticker_id is only used with msg_type sticker.',
    });
  });

  it('needs a file for media, and refuses a file on a text message', async () => {
    expect(send({ msg_type: 'picture' }).errors).toEqual([
      { field: 'file', message: expect.stringContaining('needs a file part') },
    ]);
    const file = await fileFor('picture');
    const built = buildRequest(
      input('message.send', { contact_id: 'c', resource_id: 'u1', msg_type: 'text', text: 'x' }),
      file,
      CTX,
    );
    expect(built.errors).toContainEqual({
      field: 'file',
      message: 'A file part is only accepted with msg_type picture, movie, sound, voice, file.',
    });
  });

  it('refuses a PDF as a picture, citing the MIME table', async () => {
    const file = await resolveFile({ name: 'sample.pdf', sample: 'sample.pdf' }, 'picture');
    const built = buildRequest(
      input('message.send', { contact_id: 'c', resource_id: 'u1', msg_type: 'picture' }),
      file,
      CTX,
    );
    expect(built.errors).toEqual([
      {
        field: 'file',
        message: expect.stringContaining(
          'application/pdf is not accepted for msg_type picture (API document §4.7 accepts image/jpeg, image/pjpeg, image/png, image/gif)',
        ),
      },
    ]);
  });

  it('says which vCard phone is not digits', () => {
    const built = buildRequest(
      input('message.send', { contact_id: 'c', resource_id: 'u1', msg_type: 'contact' }, forUser, {
        vcard: { name: 'A', surname: 'B', phones: [{ number: '+49 151 123' }] },
      }),
      null,
      CTX,
    );
    expect(built.errors).toContainEqual({
      field: 'vcard.phones.0.number',
      message: expect.stringContaining('write "49151123"'),
    });
  });
});

describe('act as and user_id (API document §5)', () => {
  it('fills user_id from "app token for a user" and explains it', () => {
    const built = buildRequest(VALID.me!, null, CTX);
    expect(built.fields).toEqual({ user_id: 'u1' });
    expect(built.notes[0]).toMatchObject({
      field: 'user_id',
      message: expect.stringContaining('5.3'),
    });
  });

  it('refuses user_id with a user token', () => {
    const built = buildRequest(input('me', { user_id: 'u1' }, asUser), null, CTX);
    expect(built.errors).toEqual([
      { field: 'user_id', message: expect.stringContaining('only for an app-level token') },
    ]);
    expect(buildRequest(input('me', {}, asUser), null, CTX).applicable).not.toContain('user_id');
  });

  it('needs user_id with the bare app token, except a send from the supercontact', () => {
    expect(buildRequest(input('resource.list', {}, app), null, CTX).errors).toEqual([
      { field: 'user_id', message: expect.stringContaining('needs user_id') },
    ]);
    const fromSuper = buildRequest(
      input(
        'message.send',
        { contact_id: 'acme-orders', resource_id: 'u1', msg_type: 'text', text: 'x' },
        app,
      ),
      null,
      CTX,
    );
    expect(fromSuper.errors).toEqual([]);
    expect(fromSuper.notes[0]?.message).toContain('supercontact');
  });

  it('explains that bulk send and otp/verify need the app token', () => {
    for (const id of ['bulk.send', 'otp.verify']) {
      const built = buildRequest({ ...VALID[id]!, actAs: asUser }, null, CTX);
      expect(built.errors).toContainEqual({
        field: 'actAs',
        message: expect.stringContaining(
          'requires the app-level token (client credentials, API document §5.7)',
        ),
      });
      expect(built.applicable).not.toContain('user_id');
    }
  });

  it('says a different user_id conflicts with the user acted for', () => {
    const built = buildRequest(input('me', { user_id: 'u2' }), null, CTX);
    expect(built.errors[0]?.message).toContain('differs from the user acted for');
  });
});

describe('empty fields', () => {
  it('are left out, unless kept on purpose (clearing an avatar)', () => {
    const params = { contact_id: 'c', display_name: 'C', avatar_url: '' };
    expect(buildRequest(input('contact.add', params), null, CTX).fields).not.toHaveProperty(
      'avatar_url',
    );
    const kept = buildRequest(
      input('contact.add', params, forUser, { keepEmpty: ['avatar_url'] }),
      null,
      CTX,
    );
    expect(kept.fields).toHaveProperty('avatar_url', '');
    expect(kept.errors).toEqual([]);
  });
});
