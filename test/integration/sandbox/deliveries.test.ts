// Deliveries to the app's endpoint URL (API document §6, docs/sandbox.md Deliveries):
// user messages, group events, signatures, retries, redelivery.
import { buildVcard } from '../../helpers/vcard';
import { createHmac, createVerify } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DeliveryData } from '../../../src-shared/spec';
import {
  carriesMessage,
  settledDelivery,
  type SandboxDelivery,
} from '../../helpers/sandbox-client';
import { Harness, expectError, type UserSession } from './harness';
import { Receiver } from './receiver';

let h: Harness;
let rx: Receiver;
let s: UserSession;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  rx = await Receiver.start();
  h = await Harness.start({
    apps: [{ endpoint_url: rx.url }],
    delivery: { retry_delays_ms: [10, 20, 40, 80], timeout_ms: 300 },
  });
  s = await h.connect();
  await h.addContact(s.access_token, 'bot', 'interactive group_add');
  await h.addContact(s.access_token, 'mute', 'group_add');
});
afterAll(async () => {
  await h.close();
  await rx.close();
});
afterEach(async () => {
  await h.sim('PATCH', `/apps/${h.app.client_id}`, {
    signature_method: 'HMAC-SHA256',
    endpoint_url: rx.url,
  });
  rx.script = [];
});

async function next<T>(fn: () => Promise<T>): Promise<Awaited<T>> {
  const before = rx.received.length;
  const out = await fn();
  await rx.waitFor(before + 1);
  return out;
}
const last = () => rx.received[rx.received.length - 1]!;
/** The sandbox's deliveries (GET /_sandbox/deliveries), newest first. */
const deliveries = async (harness = h) =>
  (await harness.sim('GET', '/deliveries')).json.deliveries as SandboxDelivery[];

describe('user messages', () => {
  it('a message to an interactive contact arrives form-encoded, HMAC-SHA256 signed with the client_secret', async () => {
    const sent = await next(() =>
      h.sim('POST', `/users/${s.user_id}/messages`, {
        contact_id: 'bot',
        msg_type: 'text',
        text: 'Where is my order?',
      }),
    );
    expect(sent.status).toBe(200);
    const got = last();
    expect(got.contentType).toBe('application/x-www-form-urlencoded');
    expect(got.signature_method).toBe('HMAC-SHA256');
    expect(got.signature).toBe(
      createHmac('sha256', h.app.client_secret).update(got.data, 'utf8').digest('hex'),
    );
    const data = DeliveryData.parse(got.parsed);
    expect(data).toEqual({
      id: sent.json.id,
      type: 'text',
      timestamp: sent.json.timestamp,
      sender: `${s.user_id}@platform.test`,
      owner: `${s.user_id}@platform.test`,
      recipient: 'bot@acme-orders.apps.platform.test',
      data: { body: 'Where is my order?' },
    });
  });

  it('every msg_type is delivered with its data', async () => {
    const cases: [Record<string, unknown>, Record<string, unknown>][] = [
      [{ msg_type: 'sticker', sticker_id: 'wave' }, { sticker_id: 'wave' }],
      [
        { msg_type: 'location', geo_lat: 48.85, geo_lon: 2.35, geo_description: 'Paris' },
        { description: 'Paris', lat: 48.85, lon: 2.35 },
      ],
      [
        { msg_type: 'contact', vcard: buildVcard({ name: 'A', surname: 'B' }) },
        { vcard: buildVcard({ name: 'A', surname: 'B' }) },
      ],
    ];
    for (const [body, data] of cases) {
      await next(() =>
        h.sim('POST', `/users/${s.user_id}/messages`, { contact_id: 'bot', ...body }),
      );
      expect(last().parsed.data).toEqual(data);
    }
    for (const [t, mime] of [
      ['picture', 'image/png'],
      ['movie', 'video/mp4'],
      ['sound', 'audio/mpeg'],
      ['voice', 'audio/amr'],
      ['file', 'application/pdf'],
    ]) {
      const file = {
        filename: `f.${t}`,
        mime_type: mime,
        base64: Buffer.from('hello').toString('base64'),
      };
      await next(() =>
        h.sim('POST', `/users/${s.user_id}/messages`, { contact_id: 'bot', msg_type: t, file }),
      );
      const data = last().parsed.data as { url: string; mime_type: string; size: number };
      expect(data).toMatchObject({ mime_type: mime, size: 5, filename: `f.${t}` });
      expect(await (await fetch(data.url)).text()).toBe('hello');
    }
  });

  it('a message to a contact without interactive is not delivered; the supercontact counts as interactive', async () => {
    const before = rx.received.length;
    const r = await h.sim('POST', `/users/${s.user_id}/messages`, {
      contact_id: 'mute',
      msg_type: 'text',
      text: 'hello?',
    });
    expect(r.status).toBe(200);
    await next(() =>
      h.sim('POST', `/users/${s.user_id}/messages`, {
        contact_id: h.app.client_id,
        msg_type: 'text',
        text: 'to the app',
      }),
    );
    expect(rx.received.length).toBe(before + 1);
    expect(last().parsed.recipient).toBe('acme-orders@acme-orders.apps.platform.test');
  });

  it('the user must own the contact; bad input is a 400/404/415', async () => {
    const other = await h.newUser();
    expectError(
      await h.sim('POST', `/users/${other}/messages`, {
        contact_id: 'bot',
        msg_type: 'text',
        text: 'x',
      }),
      403,
      'not_authorized',
    );
    expectError(
      await h.sim('POST', `/users/nobody/messages`, {
        contact_id: 'bot',
        msg_type: 'text',
        text: 'x',
      }),
      404,
      'not_found',
    );
    expectError(
      await h.sim('POST', `/users/${s.user_id}/messages`, { contact_id: 'bot', msg_type: 'text' }),
      400,
      'invalid_request',
    );
    expectError(
      await h.sim('POST', `/users/${s.user_id}/messages`, { contact_id: 'bot', msg_type: 'fax' }),
      400,
      'unsupported_msg_type',
    );
    const file = { filename: 'x', mime_type: 'text/plain', base64: '' };
    expectError(
      await h.sim('POST', `/users/${s.user_id}/messages`, {
        contact_id: 'bot',
        msg_type: 'picture',
        file,
      }),
      415,
      'unsupported_media_type',
    );
  });
});

describe('signature methods', () => {
  it('HMAC-SHA1: hex over the same data', async () => {
    await h.sim('PATCH', `/apps/${h.app.client_id}`, { signature_method: 'HMAC-SHA1' });
    await next(() =>
      h.sim('POST', `/users/${s.user_id}/messages`, {
        contact_id: 'bot',
        msg_type: 'text',
        text: 'sha1',
      }),
    );
    expect(last().signature_method).toBe('HMAC-SHA1');
    expect(last().signature).toBe(
      createHmac('sha1', h.app.client_secret).update(last().data, 'utf8').digest('hex'),
    );
  });

  it('RSA-SHA256: base64 PKCS#1 v1.5, verified with /_sandbox/signing-key.pem', async () => {
    await h.sim('PATCH', `/apps/${h.app.client_id}`, { signature_method: 'RSA-SHA256' });
    await next(() =>
      h.sim('POST', `/users/${s.user_id}/messages`, {
        contact_id: 'bot',
        msg_type: 'text',
        text: 'rsa ✓',
      }),
    );
    const pem = await (await fetch(`${h.base}/_sandbox/signing-key.pem`)).text();
    expect(pem).toContain('BEGIN PUBLIC KEY');
    expect(last().signature_method).toBe('RSA-SHA256');
    expect(
      createVerify('RSA-SHA256')
        .update(last().data, 'utf8')
        .verify(pem, last().signature, 'base64'),
    ).toBe(true);
  });
});

describe('group events', () => {
  it('invite, join, leave, update, remove: the 6.1 shape plus member/changed', async () => {
    const friend = await h.newUser('Friend', 'One');
    const room = String(
      (await h.sim('POST', '/rooms', { subject: 'Trip', created_by: s.user_id })).json.room,
    );
    const roomAddr = (id: string) => id;
    await next(() => h.sim('POST', `/rooms/${room}/invite`, { contact_id: 'bot', by: s.user_id }));
    const invite = DeliveryData.parse(last().parsed);
    expect(invite).toMatchObject({
      type: 'group-invite',
      sender: `${s.user_id}@platform.test`,
      room: roomAddr(room),
      owner: `${s.user_id}@platform.test`,
      recipient: 'bot@acme-orders.apps.platform.test',
      data: { subject: 'Trip', policy: 'open' },
    });
    expect(invite.data.occupants).toEqual([
      { id: `${s.user_id}@platform.test` },
      { id: 'bot@acme-orders.apps.platform.test' },
    ]);
    expect(typeof invite.data.avatar).toBe('string');

    await next(() => h.sim('POST', `/rooms/${room}/join`, { user_id: friend }));
    expect(last().parsed).toMatchObject({
      type: 'group-join',
      sender: `${friend}@platform.test`,
      data: { member: { id: `${friend}@platform.test` } },
    });
    expect((last().parsed.data as { occupants: unknown[] }).occupants).toHaveLength(3);

    await next(() => h.sim('POST', `/rooms/${room}/update`, { by: friend, subject: 'Trip 2026' }));
    expect(last().parsed).toMatchObject({
      type: 'group-update',
      data: { subject: 'Trip 2026', changed: ['subject'] },
    });
    await next(() =>
      h.sim('POST', `/rooms/${room}/update`, {
        by: friend,
        subject: 'Trip!',
        avatar: 'https://img.test/t.png',
      }),
    );
    expect(last().parsed).toMatchObject({
      data: { avatar: 'https://img.test/t.png', changed: ['subject', 'avatar'] },
    });

    await next(() => h.sim('POST', `/rooms/${room}/leave`, { user_id: friend }));
    expect(last().parsed).toMatchObject({
      type: 'group-leave',
      data: { member: { id: `${friend}@platform.test` } },
    });
    expect((last().parsed.data as { occupants: unknown[] }).occupants).toHaveLength(2);

    await next(() =>
      h.sim('POST', `/users/${s.user_id}/messages`, {
        room,
        msg_type: 'text',
        text: 'in the room',
      }),
    );
    expect(last().parsed).toMatchObject({
      type: 'text',
      room,
      owner: `${s.user_id}@platform.test`,
      recipient: 'bot@acme-orders.apps.platform.test',
    });

    await next(() => h.sim('POST', `/rooms/${room}/remove`, { contact_id: 'bot', by: s.user_id }));
    expect(last().parsed).toMatchObject({
      type: 'group-remove',
      data: { member: { id: 'bot@acme-orders.apps.platform.test' } },
    });
    expect((last().parsed.data as { occupants: unknown[] }).occupants).toEqual([
      { id: `${s.user_id}@platform.test` },
    ]);
  });

  it('a user message in a room reaches only the interactive contacts in it', async () => {
    const room = String(
      (await h.sim('POST', '/rooms', { subject: 'Mixed', created_by: s.user_id })).json.room,
    );
    await next(() => h.sim('POST', `/rooms/${room}/invite`, { contact_id: 'bot', by: s.user_id }));
    // Inviting the second contact delivers group-invite to it and group-join to the first.
    const invited = rx.received.length;
    await h.sim('POST', `/rooms/${room}/invite`, { contact_id: 'mute', by: s.user_id });
    await rx.waitFor(invited + 2);
    const before = rx.received.length;
    await next(() =>
      h.sim('POST', `/users/${s.user_id}/messages`, { room, msg_type: 'text', text: 'all here?' }),
    );
    await sleep(50);
    expect(rx.received.length).toBe(before + 1);
    expect(last().parsed).toMatchObject({ room, recipient: 'bot@acme-orders.apps.platform.test' });
    const outsider = await h.newUser();
    expectError(
      await h.sim('POST', `/users/${outsider}/messages`, { room, msg_type: 'text', text: 'x' }),
      403,
      'not_authorized',
    );
  });

  it('group events reach a contact without interactive too', async () => {
    const room = String(
      (await h.sim('POST', '/rooms', { subject: 'Quiet', created_by: s.user_id })).json.room,
    );
    await next(() => h.sim('POST', `/rooms/${room}/invite`, { contact_id: 'mute', by: s.user_id }));
    expect(last().parsed).toMatchObject({
      type: 'group-invite',
      recipient: 'mute@acme-orders.apps.platform.test',
    });
  });

  it('invite needs group_add and an owner; unknown rooms are 404', async () => {
    const room = String(
      (await h.sim('POST', '/rooms', { subject: 'X', created_by: s.user_id })).json.room,
    );
    await h.addContact(s.access_token, 'solo', 'interactive');
    const stranger = await h.newUser();
    expectError(
      await h.sim('POST', `/rooms/${room}/invite`, { contact_id: 'solo', by: s.user_id }),
      403,
      'not_authorized',
    );
    expectError(
      await h.sim('POST', `/rooms/${room}/invite`, { contact_id: 'bot', by: stranger }),
      403,
      'not_authorized',
    );
    expectError(
      await h.sim('POST', `/rooms/r-none/invite`, { contact_id: 'bot', by: s.user_id }),
      404,
      'not_found',
    );
    expectError(
      await h.sim('POST', `/rooms/${room}/remove`, { contact_id: 'bot', by: s.user_id }),
      404,
      'not_found',
    );
  });
});

describe('retries and records', () => {
  it('retries until a 2xx, recording each attempt with status, timing and body', async () => {
    rx.script = [500, 503];
    const before = rx.received.length;
    const sent = await h.sim('POST', `/users/${s.user_id}/messages`, {
      contact_id: 'bot',
      msg_type: 'text',
      text: 'retry me',
    });
    await rx.waitFor(before + 3);
    const d = await settledDelivery(deliveries, carriesMessage(String(sent.json.id)));
    expect(d.status).toBe('delivered');
    expect(d.attempts.map((a) => a.status)).toEqual([500, 503, 200]);
    expect(d.attempts.map((a) => a.response_body)).toEqual([
      'answer 500',
      'answer 503',
      'answer 200',
    ]);
    for (const a of d.attempts) {
      expect(a.duration_ms).toBeGreaterThanOrEqual(0);
      expect(Date.parse(a.at)).not.toBeNaN();
    }
  });

  it('gives up after five attempts; a timeout counts as a failure; redeliver sends again', async () => {
    rx.script = [500, 500, 500, -1, 500];
    const before = rx.received.length;
    const sent = await h.sim('POST', `/users/${s.user_id}/messages`, {
      contact_id: 'bot',
      msg_type: 'text',
      text: 'doomed',
    });
    await rx.waitFor(before + 5);
    const d = await settledDelivery(deliveries, carriesMessage(String(sent.json.id)));
    expect(d.status).toBe('failed');
    expect(d.attempts.map((a) => a.status)).toEqual([500, 500, 500, null, 500]);
    expect(d.attempts[3]?.error).toMatch(/no answer within 300 ms/);
    const again = await next(() => h.sim('POST', `/deliveries/${d.id}/redeliver`));
    expect(again.status).toBe(200);
    const redelivered = await settledDelivery(deliveries, (x) => x.id === d.id, 'the redelivery');
    expect(redelivered.status).toBe('delivered');
    expectError(await h.sim('POST', '/deliveries/nope/redeliver'), 404, 'not_found');
    // One still being attempted cannot be redelivered on top.
    rx.script = [-1];
    const slow = await h.sim('POST', `/users/${s.user_id}/messages`, {
      contact_id: 'bot',
      msg_type: 'text',
      text: 'slow',
    });
    const pending = (
      (await h.sim('GET', '/deliveries')).json.deliveries as { id: string; data: string }[]
    ).find((x) => JSON.parse(x.data).id === slow.json.id);
    expectError(
      await h.sim('POST', `/deliveries/${pending?.id}/redeliver`),
      400,
      'invalid_request',
    );
  });

  it('without an endpoint URL nothing is sent and the delivery is recorded undelivered; newest first', async () => {
    await h.sim('PATCH', `/apps/${h.app.client_id}`, { endpoint_url: '' });
    const before = rx.received.length;
    await h.sim('POST', `/users/${s.user_id}/messages`, {
      contact_id: 'bot',
      msg_type: 'text',
      text: 'nowhere',
    });
    await sleep(30);
    expect(rx.received.length).toBe(before);
    const list = (await h.sim('GET', '/deliveries')).json.deliveries as {
      status: string;
      attempts: unknown[];
      data: string;
    }[];
    expect(list[0]).toMatchObject({ status: 'undelivered', attempts: [] });
    expect(JSON.parse(list[0]!.data).data).toEqual({ body: 'nowhere' });
  });
});

describe('retry gaps', () => {
  it('waits the configured gap between the end of one attempt and the next', async () => {
    const own = await Receiver.start();
    const g = await Harness.start({
      apps: [{ endpoint_url: own.url }],
      delivery: { retry_delays_ms: [100, 200], timeout_ms: 1000 },
    });
    try {
      own.script = [500, 502];
      const u = await g.connect();
      await g.addContact(u.access_token, 'bot');
      const sent = await g.sim('POST', `/users/${u.user_id}/messages`, {
        contact_id: 'bot',
        msg_type: 'text',
        text: 'gaps',
      });
      await own.waitFor(3);
      const d = await settledDelivery(() => deliveries(g), carriesMessage(String(sent.json.id)));
      expect(d.status).toBe('delivered');
      const a = d.attempts;
      expect(a.map((x) => x.status)).toEqual([500, 502, 200]);
      const gap = (i: number) =>
        Date.parse(a[i + 1]!.at) - (Date.parse(a[i]!.at) + a[i]!.duration_ms);
      expect(gap(0)).toBeGreaterThanOrEqual(95);
      expect(gap(1)).toBeGreaterThanOrEqual(195);
    } finally {
      await g.close();
      await own.close();
    }
  });
});
