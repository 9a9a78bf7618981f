// POST /tp/contact/add (4.5) and /tp/contact/remove (docs/sandbox.md, Contacts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContactResponse } from '../../../src-shared/spec';
import { Harness, expectError } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await Harness.start();
});
afterAll(() => h.close());

describe('contact/add', () => {
  it('adds a contact and answers it, with "" for unset avatar_url and capabilities', async () => {
    const s = await h.connect();
    const r = await h.post(
      '/tp/contact/add',
      { contact_id: 'order-1', display_name: 'Order #1' },
      s.access_token,
    );
    expect(r.status).toBe(200);
    expect(ContactResponse.parse(r.json)).toEqual({
      contact_id: 'order-1',
      display_name: 'Order #1',
      avatar_url: '',
      capabilities: '',
    });
  });

  it('updates an existing contact_id: given parameters replace, omitted optional ones stay', async () => {
    const s = await h.connect();
    await h.post(
      '/tp/contact/add',
      {
        contact_id: 'upd',
        display_name: 'A',
        avatar_url: 'https://img.test/a.png',
        capabilities: 'interactive group_add',
      },
      s.access_token,
    );
    const r = await h.post(
      '/tp/contact/add',
      { contact_id: 'upd', display_name: 'B' },
      s.access_token,
    );
    expect(r.json).toEqual({
      contact_id: 'upd',
      display_name: 'B',
      avatar_url: 'https://img.test/a.png',
      capabilities: 'interactive group_add',
    });
    const cleared = await h.post(
      '/tp/contact/add',
      { contact_id: 'upd', display_name: 'B', capabilities: '' },
      s.access_token,
    );
    expect(cleared.json.capabilities).toBe('');
  });

  it('a contact_id is app-wide: another user becomes co-owner, a change by one shows for all', async () => {
    const a = await h.connect();
    const b = await h.connect();
    await h.post(
      '/tp/contact/add',
      { contact_id: 'shared', display_name: 'Shared' },
      a.access_token,
    );
    await h.post(
      '/tp/contact/add',
      { contact_id: 'shared', display_name: 'Renamed' },
      b.access_token,
    );
    const state = await h.sim('GET', '/state');
    const contacts = state.json.contacts as {
      contact_id: string;
      display_name: string;
      owners: string[];
    }[];
    const shared = contacts.find((c) => c.contact_id === 'shared');
    expect(shared).toMatchObject({ display_name: 'Renamed', owners: [a.user_id, b.user_id] });
  });

  it('the app token with user_id acts for that user', async () => {
    const s = await h.connect();
    const r = await h.post(
      '/tp/contact/add',
      { user_id: s.user_id, contact_id: 'via-app', display_name: 'X' },
      await h.appToken(),
    );
    expect(r.status).toBe(200);
  });

  it.each([
    [{ contact_id: '' }, 'contact_id'],
    [{ contact_id: 'has space' }, 'contact_id'],
    [{ contact_id: 'x'.repeat(65) }, 'contact_id'],
    [{ display_name: '' }, 'display_name'],
    [{ display_name: 'd'.repeat(129) }, 'display_name'],
    [{ avatar_url: 'ftp://x.test/a.png' }, 'avatar_url'],
    [{ avatar_url: 'not a url' }, 'avatar_url'],
    [{ capabilities: 'interactive superpowers' }, 'superpowers'],
  ])('400 invalid_request naming the parameter for %o', async (bad, named) => {
    const s = await h.connect();
    const r = await h.post(
      '/tp/contact/add',
      { contact_id: 'c1', display_name: 'D', ...bad },
      s.access_token,
    );
    expectError(r, 400, 'invalid_request');
    expect(String(r.json.error_description)).toContain(named);
  });

  it('accepts the limits: 64-character id, 128-character name', async () => {
    const s = await h.connect();
    const r = await h.post(
      '/tp/contact/add',
      { contact_id: 'A.b_-9'.padEnd(64, 'z'), display_name: 'n'.repeat(128) },
      s.access_token,
    );
    expect(r.status).toBe(200);
  });

  it('the supercontact cannot be modified; the basic scope is needed', async () => {
    const s = await h.connect();
    expectError(
      await h.post(
        '/tp/contact/add',
        { contact_id: h.app.client_id, display_name: 'X' },
        s.access_token,
      ),
      400,
      'invalid_request',
    );
    const phone = await h.connect(undefined, 'user_phone');
    expectError(
      await h.post('/tp/contact/add', { contact_id: 'c', display_name: 'X' }, phone.access_token),
      403,
      'insufficient_scope',
    );
  });

  it('400 for a body that is not form-urlencoded', async () => {
    const s = await h.connect();
    const r = await h.raw('POST', '/tp/contact/add', '{"contact_id":"x"}', {
      'content-type': 'application/json',
      authorization: `Bearer ${s.access_token}`,
    });
    expectError(r, 400, 'invalid_request');
  });
});

describe('contact/remove', () => {
  it('removes the acting user ownership; the last owner deletes the contact, which leaves its rooms', async () => {
    const a = await h.connect();
    const b = await h.connect();
    for (const s of [a, b]) await h.addContact(s.access_token, 'leaver');
    const room = await h.sim('POST', '/rooms', { subject: 'R', created_by: a.user_id });
    await h.sim('POST', `/rooms/${String(room.json.room)}/invite`, {
      contact_id: 'leaver',
      by: a.user_id,
    });
    const before = (await h.sim('GET', '/deliveries')).json.deliveries as unknown[];
    expect(before).toHaveLength(1);
    for (const path of ['/tp/contact/remove', '/tp/contact/remove.json']) {
      const s = path === '/tp/contact/remove' ? a : b;
      const r = await h.post(path, { contact_id: 'leaver' }, s.access_token);
      expect(r.status).toBe(200);
      expect(r.json).toEqual({ contact_id: 'leaver', removed: true });
    }
    const state = await h.sim('GET', '/state');
    expect(
      (state.json.contacts as { contact_id: string }[]).some((c) => c.contact_id === 'leaver'),
    ).toBe(false);
    const rooms = state.json.rooms as { room: string; data: { occupants: { id: string }[] } }[];
    const r = rooms.find((x) => x.room === room.json.room);
    expect(r?.data.occupants.map((o) => o.id)).toEqual([`${a.user_id}@platform.test`]);
    // Rooms the deleted contact left get no delivery.
    expect((await h.sim('GET', '/deliveries')).json.deliveries).toEqual(before);
  });

  it('404 for an unknown contact or one the user does not own; 400 for the supercontact', async () => {
    const a = await h.connect();
    const b = await h.connect();
    await h.addContact(a.access_token, 'mine');
    expectError(
      await h.post('/tp/contact/remove', { contact_id: 'nobody' }, a.access_token),
      404,
      'not_found',
    );
    expectError(
      await h.post('/tp/contact/remove', { contact_id: 'mine' }, b.access_token),
      404,
      'not_found',
    );
    expectError(
      await h.post('/tp/contact/remove', { contact_id: h.app.client_id }, a.access_token),
      400,
      'invalid_request',
    );
  });
});
