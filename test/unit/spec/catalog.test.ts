// The endpoint catalog (src-main/core/spec): the tables of the API document as data, and the
// validation the sandbox and the client share.
import { buildVcard } from '../../helpers/vcard';
import { describe, expect, it } from 'vitest';
import {
  ENDPOINTS,
  MEDIA_MIME,
  MEDIA_MSG_TYPES,
  MSG_TYPES,
  SCOPE_NAMES,
  VCARD,
  endpointById,
  endpointByPath,
  mimeAccepted,
  splitSpaceList,
  validateParams,
  type ParamInput,
} from '../../../src-shared/spec';

const input = (fields: Record<string, string | string[]>, files: string[] = []): ParamInput => ({
  fields: new Map(Object.entries(fields).map(([k, v]) => [k, Array.isArray(v) ? v : [v]])),
  files: new Set(files),
});

describe('the catalog holds the API document', () => {
  it('every endpoint of part 4, with its method and documented path', () => {
    const table = ENDPOINTS.map((e) => `${e.method} ${e.paths[0]}`);
    expect(table).toEqual([
      'GET /tp/authorize',
      'POST /tp/token',
      'POST /tp/otp/verify.json',
      'GET /tp/me.json',
      'POST /tp/contact/add',
      'POST /tp/contact/remove',
      'POST /tp/message/send.json',
      'POST /tp/bulk/message/send.json',
      'GET /tp/resource/info',
      'GET /tp/resource/list',
    ]);
    expect(endpointByPath('/tp/token.json')?.id).toBe('token');
    expect(endpointByPath('/tp/nothing')).toBeUndefined();
  });

  it('the nine msg_types, the scopes and the MIME table of 4.7', () => {
    expect(MSG_TYPES).toEqual([
      'text',
      'sticker',
      'location',
      'picture',
      'movie',
      'sound',
      'voice',
      'file',
      'contact',
    ]);
    expect(SCOPE_NAMES).toEqual(['basic', 'user_phone']);
    expect(MEDIA_MSG_TYPES).toEqual(['picture', 'movie', 'sound', 'voice', 'file']);
    expect(MEDIA_MIME.picture.accepts).toEqual([
      'image/jpeg',
      'image/pjpeg',
      'image/png',
      'image/gif',
    ]);
    expect(MEDIA_MIME.movie.accepts).toHaveLength(13);
    expect(MEDIA_MIME.sound.accepts).toHaveLength(12);
    expect(MEDIA_MIME.voice.accepts).toEqual(MEDIA_MIME.sound.accepts);
    expect(MEDIA_MIME.file.accepts).toBe('any');
    expect([
      MEDIA_MIME.picture.preferred,
      MEDIA_MIME.movie.preferred,
      MEDIA_MIME.sound.preferred,
    ]).toEqual(['image/jpeg', 'video/mp4', 'audio/mp3']);
    expect(mimeAccepted('picture', 'IMAGE/PNG')).toBe(true);
    expect(mimeAccepted('sound', 'video/mp4')).toBe(false);
    expect(mimeAccepted('file', 'application/x-anything')).toBe(true);
  });

  it('auth and scope per endpoint follow part 5 and the decisions', () => {
    const auth = Object.fromEntries(ENDPOINTS.map((e) => [e.id, `${e.auth}/${e.scope ?? '-'}`]));
    expect(auth).toEqual({
      authorize: 'none/-',
      token: 'none/-',
      'otp.verify': 'app/-',
      me: 'user/-',
      'contact.add': 'user/basic',
      'contact.remove': 'user/basic',
      'message.send': 'user/basic',
      'bulk.send': 'app/basic',
      'resource.info': 'user/basic',
      'resource.list': 'user/basic',
    });
    expect(endpointById('message.send').body).toEqual(['form', 'multipart']);
    expect(endpointById('contact.add').body).toEqual(['form']);
  });

  it('the contact XML of 2.5', () => {
    expect(VCARD.namespace).toBe('platform:x:contact');
    expect(VCARD.elements.map((e) => [e.name, e.min, e.max])).toEqual([
      ['name', 1, 1],
      ['surname', 1, 1],
      ['phone', 0, null],
    ]);
    expect(
      buildVcard({ name: 'A&B', surname: 'C', phones: [{ number: '123', type: 'work' }] }),
    ).toContain('<name>A&#38;B</name><surname>C</surname><phone type="work">123</phone>');
  });
});

describe('validateParams', () => {
  const send = endpointById('message.send');
  const base = { contact_id: 'c', resource_id: 'u1', msg_type: 'text', text: 'hi' };

  it('types the values: booleans, doubles, lists', () => {
    const r = validateParams(
      send,
      input({ ...base, msg_type: 'location', geo_lat: '-1.5e1', geo_lon: '2', no_push: '1' }),
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.params.num('geo_lat')).toBe(-15);
    expect(r.params.bool('no_push')).toBe(true);
    expect(r.params.str('text')).toBeUndefined();
    const bulk = validateParams(
      endpointById('bulk.send'),
      input({ ...base, resources: ' a  b a ' }),
    );
    expect(bulk.ok && bulk.params.list('resources')).toEqual(['a', 'b']);
  });

  it.each([
    [{ msg_type: 'fax' }, 'unsupported_msg_type', 'msg_type'],
    [{ contact_id: ['a', 'b'] }, 'invalid_request', 'more than once'],
    [{ text: '' }, 'invalid_request', 'text is missing'],
    [{ no_push: 'yes' }, 'invalid_request', 'no_push'],
    [
      { msg_type: 'location', geo_lat: '0x10', geo_lon: '0' },
      'invalid_request',
      'geo_lat must be a number',
    ],
    [{ msg_type: 'location', geo_lat: 'Infinity', geo_lon: '0' }, 'invalid_request', 'geo_lat'],
  ])('%o -> %s', (extra, error, text) => {
    const r = validateParams(send, input({ ...base, ...extra }));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toBe(error);
    expect(r.description).toContain(text);
  });

  it('file parts: required for media, refused elsewhere and as a text field', () => {
    expect(validateParams(send, input({ ...base, msg_type: 'picture' })).ok).toBe(false);
    expect(validateParams(send, input({ ...base, msg_type: 'picture' }, ['file'])).ok).toBe(true);
    expect(validateParams(send, input(base, ['file'])).ok).toBe(false);
    expect(
      validateParams(send, input({ ...base, msg_type: 'file', file: 'abc' }, ['file'])).ok,
    ).toBe(false);
  });

  it('uses the vcard hook', () => {
    const r = validateParams(send, input({ ...base, msg_type: 'contact', vcard: '<x/>' }), {
      vcard: () => 'bad root',
    });
    expect(r.ok ? '' : r.description).toBe('vcard: bad root');
  });

  it('token: grant_type rules and conditional parameters', () => {
    const token = endpointById('token');
    const creds = { client_id: 'a', client_secret: 'b' };
    const r = validateParams(token, input({ ...creds, grant_type: 'implicit' }));
    expect(r.ok ? '' : r.error).toBe('unsupported_grant_type');
    const code = validateParams(
      token,
      input({ ...creds, grant_type: 'authorization_code', code: 'x' }),
    );
    expect(code.ok ? '' : code.description).toBe('redirect_uri is missing.');
    expect(
      validateParams(token, input({ ...creds, grant_type: 'client_credentials', code: 'ignored' }))
        .ok,
    ).toBe(true);
  });

  it('splitSpaceList splits on any whitespace', () => {
    expect(splitSpaceList(' basic\tuser_phone \n')).toEqual(['basic', 'user_phone']);
  });
});
