import { afterAll, beforeAll, expect, it } from 'vitest';
import { Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await Harness.start();
});
afterAll(() => h.close());

it('connects a user and sends a text message', async () => {
  const u = await h.connect();
  const me = await h.get('/tp/me.json', {}, u.access_token);
  expect(me.status).toBe(200);
  expect(await h.addContact(u.access_token, 'order-1042')).toMatchObject({ status: 200 });
  const sent = await h.post(
    '/tp/message/send.json',
    { contact_id: 'order-1042', resource_id: u.user_id, msg_type: 'text', text: 'Hello' },
    u.access_token,
  );
  expect(sent.json).toMatchObject({ type: 'text', data: { body: 'Hello' } });
});
