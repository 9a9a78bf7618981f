// POST /tp/message/send.json (4.7, every msg_type, form and multipart, the MIME table) and the
// message rules of docs/sandbox.md.
import { buildVcard } from '../../helpers/vcard';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_MIME, MessageResponse, type MediaMsgType } from '../../../src-shared/spec';
import { Harness, expectError, type UserSession } from './harness';

let h: Harness;
let s: UserSession;
let room: string;
beforeAll(async () => {
  h = await Harness.start({ max_file_bytes: 1024 });
  s = await h.connect();
  await h.addContact(s.access_token, 'shop');
  await h.addContact(s.access_token, 'roomie');
  room = String(
    (await h.sim('POST', '/rooms', { subject: 'Orders', created_by: s.user_id })).json.room,
  );
  const invited = await h.sim('POST', `/rooms/${room}/invite`, {
    contact_id: 'roomie',
    by: s.user_id,
  });
  expect(invited.status).toBe(200);
});
afterAll(() => h.close());

const send = (fields: Record<string, string>, token = s.access_token) =>
  h.post('/tp/message/send.json', { contact_id: 'shop', resource_id: s.user_id, ...fields }, token);

function mediaForm(
  msgType: string,
  mime: string,
  bytes = 16,
  extra: Record<string, string> = {},
): FormData {
  const form = new FormData();
  const fields = { contact_id: 'shop', resource_id: s.user_id, msg_type: msgType, ...extra };
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set('file', new Blob([new Uint8Array(bytes).fill(7)], { type: mime }), 'sample.bin');
  return form;
}

describe('to a user, every msg_type', () => {
  it('text: {body}, with the 2.4 envelope', async () => {
    const r = await send({ msg_type: 'text', text: 'Your order shipped' });
    expect(r.status).toBe(200);
    const m = MessageResponse.parse(r.json);
    expect(m).toMatchObject({
      type: 'text',
      sender: 'shop@acme-orders.apps.platform.test',
      owner: `${s.user_id}@platform.test`,
      recipient: `${s.user_id}@platform.test`,
      data: { body: 'Your order shipped' },
    });
    expect(m.id).toMatch(/^m[a-z2-7]+$/);
    expect(Math.abs(Number(m.timestamp) - Date.now())).toBeLessThan(5000);
    expect(m.room).toBeUndefined();
  });

  it('sticker, location (with and without description), contact', async () => {
    expect((await send({ msg_type: 'sticker', sticker_id: 'thumbs-up' })).json.data).toEqual({
      sticker_id: 'thumbs-up',
    });
    expect(
      (
        await send({
          msg_type: 'location',
          geo_lat: '-23.55',
          geo_lon: '-46.63',
          geo_description: 'Depot',
        })
      ).json.data,
    ).toEqual({ description: 'Depot', lat: -23.55, lon: -46.63 });
    expect(
      (await send({ msg_type: 'location', geo_lat: '90', geo_lon: '-180' })).json.data,
    ).toEqual({ lat: 90, lon: -180 });
    const vcard = buildVcard({
      name: 'Ana',
      surname: 'Souza',
      phones: [{ number: '5511987654321', type: 'mobile' }],
    });
    expect((await send({ msg_type: 'contact', vcard })).json.data).toEqual({ vcard });
  });

  it.each(['picture', 'movie', 'sound', 'voice', 'file'] as const)(
    '%s: multipart, {url, mime_type, size, filename}',
    async (t) => {
      const rule = MEDIA_MIME[t as MediaMsgType];
      const mime = rule.preferred ?? 'application/pdf';
      const r = await h.multipart('/tp/message/send.json', mediaForm(t, mime, 100), s.access_token);
      expect(r.status).toBe(200);
      expect(r.json.type).toBe(t);
      const data = r.json.data as {
        url: string;
        mime_type: string;
        size: number;
        filename: string;
      };
      expect(data).toMatchObject({ mime_type: mime, size: 100, filename: 'sample.bin' });
      const file = await fetch(data.url);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe(mime);
      expect(new Uint8Array(await file.arrayBuffer())).toEqual(new Uint8Array(100).fill(7));
    },
  );

  it('accepts every MIME type of the table for its msg_type, and refuses the others with 415', async () => {
    for (const t of ['picture', 'movie', 'sound', 'voice'] as const) {
      const accepts = MEDIA_MIME[t].accepts;
      if (accepts === 'any') continue;
      for (const mime of accepts) {
        const r = await h.multipart('/tp/message/send.json', mediaForm(t, mime), s.access_token);
        expect(r.status, `${t} ${mime}`).toBe(200);
      }
      const wrong = await h.multipart(
        '/tp/message/send.json',
        mediaForm(t, 'application/pdf'),
        s.access_token,
      );
      expectError(wrong, 415, 'unsupported_media_type');
    }
    expectError(
      await h.multipart('/tp/message/send.json', mediaForm('picture', 'video/mp4'), s.access_token),
      415,
      'unsupported_media_type',
    );
    expect(
      (await h.multipart('/tp/message/send.json', mediaForm('file', 'image/png'), s.access_token))
        .status,
    ).toBe(200);
  });

  it('413 for a file over the configured limit', async () => {
    const r = await h.multipart(
      '/tp/message/send.json',
      mediaForm('picture', 'image/jpeg', 2048),
      s.access_token,
    );
    expectError(r, 413, 'payload_too_large');
    expect(
      (
        await h.multipart(
          '/tp/message/send.json',
          mediaForm('picture', 'image/jpeg', 1024),
          s.access_token,
        )
      ).status,
    ).toBe(200);
  });

  it('a media type without a file, or a file on another type, is a 400', async () => {
    expectError(await send({ msg_type: 'picture' }), 400, 'invalid_request');
    expectError(
      await h.multipart(
        '/tp/message/send.json',
        mediaForm('text', 'image/png', 4, { text: 'hi' }),
        s.access_token,
      ),
      400,
      'invalid_request',
    );
    // A text send may also come as multipart.
    const form = new FormData();
    for (const [k, v] of Object.entries({
      contact_id: 'shop',
      resource_id: s.user_id,
      msg_type: 'text',
      text: 'multi',
    }))
      form.set(k, v);
    expect((await h.multipart('/tp/message/send.json', form, s.access_token)).json.data).toEqual({
      body: 'multi',
    });
  });

  it('records no_push, accepts true false 1 0 and refuses anything else', async () => {
    for (const v of ['true', 'false', '1', '0']) {
      expect((await send({ msg_type: 'text', text: 'x', no_push: v })).status).toBe(200);
    }
    const bad = await send({ msg_type: 'text', text: 'x', no_push: 'yes' });
    expectError(bad, 400, 'invalid_request');
    expect(bad.json.error_description).toContain('no_push');
  });
});

describe('validation', () => {
  it.each([
    [{ msg_type: 'video' }, 400, 'unsupported_msg_type', 'msg_type'],
    [{ msg_type: 'text' }, 400, 'invalid_request', 'text'],
    [{ msg_type: 'text', text: '' }, 400, 'invalid_request', 'text'],
    [{ msg_type: 'text', text: 'x'.repeat(4097) }, 400, 'invalid_request', 'text'],
    [{ msg_type: 'sticker' }, 400, 'invalid_request', 'sticker_id'],
    [{ msg_type: 'location', geo_lat: '91', geo_lon: '0' }, 400, 'invalid_request', 'geo_lat'],
    [{ msg_type: 'location', geo_lat: '0', geo_lon: '180.5' }, 400, 'invalid_request', 'geo_lon'],
    [{ msg_type: 'location', geo_lat: 'north', geo_lon: '0' }, 400, 'invalid_request', 'geo_lat'],
    [{ msg_type: 'location', geo_lat: '1' }, 400, 'invalid_request', 'geo_lon'],
    [{ msg_type: 'contact' }, 400, 'invalid_request', 'vcard'],
    [{ msg_type: 'text', text: 'x', contact_id: '' }, 400, 'invalid_request', 'contact_id'],
    [{ msg_type: 'text', text: 'x', resource_id: '' }, 400, 'invalid_request', 'resource_id'],
  ])('%o -> %i %s naming %s', async (fields, status, code, named) => {
    const r = await send(fields);
    expectError(r, status, code);
    expect(String(r.json.error_description)).toContain(named);
  });

  it('accepts 4096 characters of text', async () => {
    expect((await send({ msg_type: 'text', text: 'é'.repeat(4096) })).status).toBe(200);
  });

  const NS = 'platform:x:contact';
  it.each([
    ['not xml', 'not <xml'],
    ['wrong namespace', '<contact xmlns="urn:other"><name>A</name><surname>B</surname></contact>'],
    ['no namespace', '<contact><name>A</name><surname>B</surname></contact>'],
    ['wrong root', `<person xmlns="${NS}"><name>A</name><surname>B</surname></person>`],
    ['order', `<contact xmlns="${NS}"><surname>B</surname><name>A</name></contact>`],
    ['missing surname', `<contact xmlns="${NS}"><name>A</name></contact>`],
    [
      'two names',
      `<contact xmlns="${NS}"><name>A</name><name>A</name><surname>B</surname></contact>`,
    ],
    [
      'phone before surname',
      `<contact xmlns="${NS}"><name>A</name><phone>1</phone><surname>B</surname></contact>`,
    ],
    [
      'phone not digits',
      `<contact xmlns="${NS}"><name>A</name><surname>B</surname><phone>+1 555</phone></contact>`,
    ],
    [
      'unknown element',
      `<contact xmlns="${NS}"><name>A</name><surname>B</surname><email>a@b</email></contact>`,
    ],
    [
      'unknown attribute',
      `<contact xmlns="${NS}"><name>A</name><surname>B</surname><phone kind="x">1</phone></contact>`,
    ],
    [
      'doctype',
      `<!DOCTYPE contact [<!ENTITY e "x">]><contact xmlns="${NS}"><name>&e;</name><surname>B</surname></contact>`,
    ],
  ])('refuses a vcard with %s', async (_why, vcard) => {
    const r = await send({ msg_type: 'contact', vcard });
    expectError(r, 400, 'invalid_request');
    expect(r.json.error_description).toContain('vcard');
  });

  it('accepts a vcard with a namespace prefix, several phones and no phone', async () => {
    for (const vcard of [
      `<c:contact xmlns:c="${NS}"><c:name>A</c:name><c:surname>B</c:surname><c:phone type="home">123</c:phone><c:phone>456</c:phone></c:contact>`,
      `<contact xmlns="${NS}">\n  <name>A</name>\n  <surname></surname>\n</contact>`,
    ]) {
      expect((await send({ msg_type: 'contact', vcard })).status).toBe(200);
    }
  });
});

describe('authorization of sends', () => {
  it('404 for an unknown contact or resource', async () => {
    expectError(await send({ msg_type: 'text', text: 'x', contact_id: 'ghost' }), 404, 'not_found');
    expectError(
      await send({ msg_type: 'text', text: 'x', resource_id: 'r-nowhere' }),
      404,
      'not_found',
    );
  });

  it('403 not_authorized: a contact the user does not own, another user, a room the contact is not in', async () => {
    const other = await h.connect();
    await h.addContact(other.access_token, 'theirs');
    expectError(
      await send({ msg_type: 'text', text: 'x', contact_id: 'theirs' }),
      403,
      'not_authorized',
    );
    expectError(
      await send({ msg_type: 'text', text: 'x', resource_id: other.user_id }),
      403,
      'not_authorized',
    );
    expectError(
      await send({ msg_type: 'text', text: 'x', resource_id: room }),
      403,
      'not_authorized',
    );
  });

  it('the supercontact sends to any connected user, with the app token and no user_id', async () => {
    const app = await h.appToken();
    const r = await h.post(
      '/tp/message/send.json',
      { contact_id: h.app.client_id, resource_id: s.user_id, msg_type: 'text', text: 'Hi' },
      app,
    );
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      sender: 'acme-orders@acme-orders.apps.platform.test',
      owner: `${s.user_id}@platform.test`,
    });
    const stranger = await h.newUser();
    expectError(
      await h.post(
        '/tp/message/send.json',
        { contact_id: h.app.client_id, resource_id: stranger, msg_type: 'text', text: 'Hi' },
        app,
      ),
      403,
      'user_not_connected',
    );
    expectError(
      await h.post(
        '/tp/message/send.json',
        { contact_id: 'shop', resource_id: s.user_id, msg_type: 'text', text: 'Hi' },
        app,
      ),
      400,
      'invalid_request',
    );
    const viaApp = await h.post(
      '/tp/message/send.json',
      {
        user_id: s.user_id,
        contact_id: 'shop',
        resource_id: s.user_id,
        msg_type: 'text',
        text: 'Hi',
      },
      app,
    );
    expect(viaApp.status).toBe(200);
  });
});

describe('to a room', () => {
  it('carries room, recipient <room>@<platform_domain>, owner the user acted for', async () => {
    const outsider = await h.connect();
    await h.addContact(outsider.access_token, 'roomie');
    for (const t of [s, outsider]) {
      const r = await h.post(
        '/tp/message/send.json',
        { contact_id: 'roomie', resource_id: room, msg_type: 'text', text: 'hello room' },
        t.access_token,
      );
      expect(r.status).toBe(200);
      expect(r.json).toMatchObject({
        room,
        recipient: `${room}@platform.test`,
        owner: `${t.user_id}@platform.test`,
      });
    }
  });

  it('every msg_type goes into the room', async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({
      contact_id: 'roomie',
      resource_id: room,
      msg_type: 'voice',
    }))
      form.set(k, v);
    form.set('file', new Blob([new Uint8Array(8)], { type: 'audio/amr' }), 'note.amr');
    expect((await h.multipart('/tp/message/send.json', form, s.access_token)).json).toMatchObject({
      room,
      type: 'voice',
    });
    const send2 = (f: Record<string, string>) =>
      h.post(
        '/tp/message/send.json',
        { contact_id: 'roomie', resource_id: room, ...f },
        s.access_token,
      );
    expect((await send2({ msg_type: 'sticker', sticker_id: 's' })).json.room).toBe(room);
    expect((await send2({ msg_type: 'location', geo_lat: '1', geo_lon: '2' })).json.room).toBe(
      room,
    );
    expect(
      (await send2({ msg_type: 'contact', vcard: buildVcard({ name: 'a', surname: 'b' }) })).json
        .room,
    ).toBe(room);
  });

  it('the state lists the message among those each occupant received', async () => {
    const state = await h.sim('GET', '/state');
    const mine = (state.json.messages as { user_id: string; received: { room?: string }[] }[]).find(
      (m) => m.user_id === s.user_id,
    );
    expect(mine?.received.some((m) => m.room === room)).toBe(true);
  });
});
