// POST /tp/bulk/message/send.json (4.8), GET /tp/resource/list (4.10) and /tp/resource/info (4.9).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BulkResponse, ResourceInfoResponse, ResourceListResponse } from '../../../src-shared/spec';
import { Harness, expectError, type UserSession } from './harness';

let h: Harness;
let a: UserSession;
let b: UserSession;
let room: string;
let otherRoom: string;
beforeAll(async () => {
  h = await Harness.start();
  a = await h.connect();
  b = await h.connect();
  await h.addContact(a.access_token, 'news');
  await h.addContact(b.access_token, 'news');
  const c = await h.newUser('Carla', 'Owner');
  room = String(
    (await h.sim('POST', '/rooms', { subject: 'Newsroom', created_by: c, occupants: [a.user_id] }))
      .json.room,
  );
  await h.sim('POST', `/rooms/${room}/invite`, { contact_id: 'news', by: b.user_id });
  otherRoom = String(
    (await h.sim('POST', '/rooms', { subject: 'Elsewhere', created_by: c })).json.room,
  );
});
afterAll(() => h.close());

describe('bulk send', () => {
  it('sends to every authorized resource and lists the others in not_authorized', async () => {
    const stranger = await h.newUser();
    const r = await h.post(
      '/tp/bulk/message/send.json',
      {
        contact_id: 'news',
        resources: `${a.user_id} ${b.user_id} ${room} ${stranger} ${otherRoom} nobody`,
        msg_type: 'text',
        text: 'Bulletin',
      },
      await h.appToken(),
    );
    expect(r.status).toBe(200);
    expect(BulkResponse.parse(r.json)).toEqual({
      accepted: true,
      not_authorized: [stranger, otherRoom, 'nobody'],
    });
    const state = await h.sim('GET', '/state');
    const received = state.json.messages as {
      user_id: string;
      received: { room?: string; owner: string; data: unknown }[];
    }[];
    const ofA = received.find((m) => m.user_id === a.user_id)?.received ?? [];
    expect(ofA.filter((m) => (m.data as { body?: string }).body === 'Bulletin')).toHaveLength(2);
    // For a room the owner is the user who invited the contact.
    expect(ofA.find((m) => m.room === room)?.owner).toBe(`${b.user_id}@platform.test`);
  });

  it('accepted is false when no recipient is authorized', async () => {
    const r = await h.post(
      '/tp/bulk/message/send.json',
      { contact_id: 'news', resources: otherRoom, msg_type: 'sticker', sticker_id: 'x' },
      await h.appToken(),
    );
    expect(r.json).toEqual({ accepted: false, not_authorized: [otherRoom] });
  });

  it('the supercontact reaches every connected user', async () => {
    const r = await h.post(
      '/tp/bulk/message/send.json',
      {
        contact_id: h.app.client_id,
        resources: `${a.user_id} ${b.user_id}`,
        msg_type: 'text',
        text: 'x',
      },
      await h.appToken(),
    );
    expect(r.json).toEqual({ accepted: true, not_authorized: [] });
  });

  it('takes a file as multipart', async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({
      contact_id: 'news',
      resources: `${a.user_id} ${room}`,
      msg_type: 'picture',
    }))
      form.set(k, v);
    form.set('file', new Blob([new Uint8Array(4)], { type: 'image/png' }), 'p.png');
    const r = await h.multipart('/tp/bulk/message/send.json', form, await h.appToken());
    expect(r.json).toEqual({ accepted: true, not_authorized: [] });
  });

  it('needs the app token; 1 to 1000 resources; the catalog rules of the msg_type', async () => {
    const app = await h.appToken();
    const base = { contact_id: 'news', msg_type: 'text', text: 'x' };
    expectError(
      await h.post('/tp/bulk/message/send.json', { ...base, resources: a.user_id }, a.access_token),
      403,
      'app_token_required',
    );
    expectError(
      await h.post('/tp/bulk/message/send.json', { ...base, resources: '  ' }, app),
      400,
      'invalid_request',
    );
    const many = Array.from({ length: 1001 }, (_, i) => `u${i}`).join(' ');
    expectError(
      await h.post('/tp/bulk/message/send.json', { ...base, resources: many }, app),
      400,
      'invalid_request',
    );
    const thousand = Array.from({ length: 1000 }, (_, i) => `u${i}`).join(' ');
    expect(
      (await h.post('/tp/bulk/message/send.json', { ...base, resources: thousand }, app)).json
        .accepted,
    ).toBe(false);
    expectError(
      await h.post(
        '/tp/bulk/message/send.json',
        { ...base, resources: a.user_id, msg_type: 'gif' },
        app,
      ),
      400,
      'unsupported_msg_type',
    );
    expectError(
      await h.post(
        '/tp/bulk/message/send.json',
        { ...base, resources: a.user_id, contact_id: 'ghost' },
        app,
      ),
      404,
      'not_found',
    );
  });
});

describe('resources', () => {
  it('list: the user (owner: true) and the rooms a contact the user owns is in', async () => {
    const forA = ResourceListResponse.parse(
      (await h.get('/tp/resource/list', {}, a.access_token)).json,
    );
    expect(forA.users).toEqual([{ id: a.user_id, owner: true }]);
    expect(forA.rooms.map((r) => r.room)).toEqual([room]);
    const entry = forA.rooms[0];
    expect(entry?.data).toMatchObject({ subject: 'Newsroom', policy: 'open' });
    expect(entry?.data.occupants.map((o) => o.id)).toContain('news@acme-orders.apps.platform.test');
    expect(entry?.data.occupants.map((o) => o.id)).toContain(`${a.user_id}@platform.test`);
    const viaApp = await h.get(
      '/tp/resource/list.json',
      { user_id: b.user_id },
      await h.appToken(),
    );
    expect(viaApp.json).toMatchObject({ users: [{ id: b.user_id, owner: true }] });
  });

  it('info: the user, a room of its list, 404 otherwise', async () => {
    const user = ResourceInfoResponse.parse(
      (await h.get('/tp/resource/info', { resource_id: a.user_id }, a.access_token)).json,
    );
    expect(user).toEqual({ type: 'user', resource: { id: a.user_id, owner: true } });
    const r = ResourceInfoResponse.parse(
      (await h.get('/tp/resource/info', { resource_id: room }, a.access_token)).json,
    );
    expect(r).toMatchObject({ type: 'room', resource: { room, data: { subject: 'Newsroom' } } });
    expectError(
      await h.get('/tp/resource/info', { resource_id: otherRoom }, a.access_token),
      404,
      'not_found',
    );
    expectError(
      await h.get('/tp/resource/info', { resource_id: b.user_id }, a.access_token),
      404,
      'not_found',
    );
    expectError(await h.get('/tp/resource/info', {}, a.access_token), 400, 'invalid_request');
    const app = await h.appToken();
    const viaApp = await h.get(
      '/tp/resource/info.json',
      { user_id: a.user_id, resource_id: room },
      app,
    );
    expect(viaApp.json).toMatchObject({ type: 'room', resource: { room } });
    expectError(
      await h.get('/tp/resource/info', { resource_id: room }, app),
      400,
      'invalid_request',
    );
  });

  it('need basic', async () => {
    const phone = await h.connect(undefined, 'user_phone');
    expectError(
      await h.get('/tp/resource/list', {}, phone.access_token),
      403,
      'insufficient_scope',
    );
  });
});
