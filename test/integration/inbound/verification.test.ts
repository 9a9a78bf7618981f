// Deliveries from the sandbox reach the receiver out of the box and are verified, classified and
// journaled; each verification outcome, from real sandbox deliveries and from hand-made ones.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulator } from '../../helpers/sandbox-client';
import {
  connectUser,
  form,
  hmac,
  isDelivery,
  isDeliveryOf,
  messageData,
  post,
  sandboxDeliveryOf,
  signedFields,
  startInboundFixture,
  userSends,
  type InboundFixture,
} from './inbound-harness';

let f: InboundFixture;
let userId: string;
beforeAll(async () => {
  f = await startInboundFixture();
  userId = (await connectUser(f)).id;
});
afterAll(() => f.close());

describe('deliveries from the sandbox', () => {
  it('the sandbox profile points its endpoint URL at the receiver', async () => {
    const { profiles } = await f.core.invoke('profiles.list', {});
    expect(profiles[0]!.endpointUrl).toBe(f.endpointUrl);
    const state = await simulator<{ apps: { endpoint_url: string }[] }>(
      f.sandbox,
      'GET',
      '/_sandbox/state',
    );
    expect(state.apps[0]!.endpoint_url).toBe(f.endpointUrl);
  });

  it('a user message arrives, HMAC-SHA256 valid, classified, with its exact bytes', async () => {
    const sent = await userSends(f, userId, 'Where is my order? ✓');
    const rec = await f.waitFor(isDeliveryOf(sent.id));
    const d = rec.delivery;
    expect(rec.profileId).toBe('sandbox');
    expect(d.verification).toMatchObject({ outcome: 'valid', method: 'HMAC-SHA256' });
    expect(d.classification).toMatchObject({
      category: 'message',
      type: 'text',
      msgType: 'text',
      messageId: sent.id,
      userId,
      contactId: f.clientId,
    });
    expect(d.shapeIssues).toEqual([]);
    expect(d.response).toMatchObject({ status: 200, reason: 'configured' });
    expect(d.body!.encoding).toBe('utf8');
    const fields = new URLSearchParams(d.body!.text);
    expect(JSON.parse(fields.get('data')!)).toMatchObject({
      data: { body: 'Where is my order? ✓' },
    });
    expect(d.form.signature).toBe(hmac('sha256', f.clientSecret, d.form.data!));
    expect(d.source.address).toMatch(/127\.0\.0\.1/);
    expect(d.headers['content-type']).toBe('application/x-www-form-urlencoded');
    // The journal (and so the renderer's log.list) has it, and never the client secret.
    const { records } = await f.core.invoke('log.list', {});
    expect(records.some((r) => r.seq === rec.seq)).toBe(true);
    expect(JSON.stringify(records)).not.toContain(f.clientSecret);
    // The receiver journals a delivery before it answers: the sandbox has its outcome only after.
    expect((await sandboxDeliveryOf(f, sent.id)).status).toBe('delivered');
  });

  it('HMAC-SHA1 and RSA-SHA256 (the sandbox public key) are valid too', async () => {
    for (const method of ['HMAC-SHA1', 'RSA-SHA256']) {
      await simulator(f.sandbox, 'PATCH', `/_sandbox/apps/${f.clientId}`, {
        signature_method: method,
      });
      const sent = await userSends(f, userId, `signed with ${method}`);
      const rec = await f.waitFor(isDeliveryOf(sent.id));
      expect(rec.delivery.verification).toMatchObject({ outcome: 'valid', method });
    }
    await simulator(f.sandbox, 'PATCH', `/_sandbox/apps/${f.clientId}`, {
      signature_method: 'HMAC-SHA256',
    });
    const settings = await f.core.invoke('inbound.settings', {});
    expect(settings.rsaPublicKeyPem).toMatch(/BEGIN PUBLIC KEY/);
  });

  it('a group invite is classified as group-invite with its room', async () => {
    await f.core.invoke('api.call', {
      method: 'POST',
      path: '/tp/contact/add',
      params: { contact_id: 'helpdesk', display_name: 'Help desk', capabilities: 'group_add' },
      actAs: { kind: 'user', userId },
    });
    const room = await simulator<{ room: string }>(f.sandbox, 'POST', '/_sandbox/rooms', {
      subject: 'Orders',
      created_by: userId,
    });
    await simulator(f.sandbox, 'POST', `/_sandbox/rooms/${room.room}/invite`, {
      contact_id: 'helpdesk',
      by: userId,
    });
    const rec = await f.waitFor(
      (r): r is Extract<typeof r, { kind: 'delivery' }> =>
        isDelivery(r) && r.delivery.classification.roomId === room.room,
    );
    expect(rec.delivery.classification).toMatchObject({
      category: 'group-invite',
      type: 'group-invite',
      contactId: 'helpdesk',
      userId,
    });
    expect(rec.delivery.verification.outcome).toBe('valid');
    expect(rec.delivery.shapeIssues).toEqual([]);
  });
});

describe('verification outcomes of hand-made deliveries', () => {
  const send = (fields: Record<string, string>) => post(f.endpointUrl, form(fields));
  const last = () => f.records.filter(isDelivery).at(-1)!.delivery;

  it('invalid: says what was expected over which bytes', async () => {
    const data = messageData('m-invalid');
    const res = await send({ data, signature: 'ab'.repeat(32), signature_method: 'HMAC-SHA256' });
    expect(res.status).toBe(200);
    const d = last();
    expect(d.verification.outcome).toBe('invalid');
    expect(d.verification.expected).toBe(`${hmac('sha256', f.clientSecret, data).slice(0, 8)}…`);
    expect(JSON.stringify(d)).not.toContain(hmac('sha256', f.clientSecret, data));
    expect(d.verification.over).toContain(`${Buffer.byteLength(data)} bytes`);
    expect(d.verification.explanation).toMatch(/does not match/);
  });

  it('invalid: data changed after signing (one byte)', async () => {
    const data = messageData('m-tampered');
    const signature = hmac('sha256', f.clientSecret, data);
    await send({
      data: data.replace('hello', 'hellO'),
      signature,
      signature_method: 'HMAC-SHA256',
    });
    expect(last().verification.outcome).toBe('invalid');
  });

  it('missing: no signature, or no method', async () => {
    await send({ data: messageData('m-unsigned') });
    expect(last().verification).toMatchObject({ outcome: 'missing' });
    expect(last().verification.explanation).toMatch(/no `signature`/);
    await send({ data: messageData('m-nomethod'), signature: 'abc' });
    expect(last().verification.outcome).toBe('missing');
  });

  it('unsupported: an unknown method is named', async () => {
    await send({ data: messageData('m-md5'), signature: 'abc', signature_method: 'MD5' });
    expect(last().verification).toMatchObject({ outcome: 'unsupported', method: 'MD5' });
    expect(last().verification.explanation).toMatch(/MD5/);
  });

  it('an RSA signature made with another key is invalid', async () => {
    const { generateKeyPairSync, createSign } = await import('node:crypto');
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const data = messageData('m-rsa-other');
    const signature = createSign('RSA-SHA256').update(data).sign(privateKey, 'base64');
    await send({ data, signature, signature_method: 'RSA-SHA256' });
    expect(last().verification.outcome).toBe('invalid');
  });

  it('classifies and flags shapes the documents do not describe', async () => {
    await send(
      signedFields(f, messageData('m-odd', { type: 'poll', extra: 1, timestamp: 'yesterday' })),
    );
    const d = last();
    expect(d.classification).toMatchObject({ category: 'unknown', type: 'poll' });
    expect(d.shapeIssues).toEqual(
      expect.arrayContaining([
        '`extra` is not a documented field.',
        '`timestamp` is not decimal digits (milliseconds since epoch).',
      ]),
    );
    await send(
      signedFields(
        f,
        JSON.stringify({
          id: 'm-join',
          type: 'group-join',
          timestamp: '1',
          sender: 'u2@platform.test',
          owner: 'u1@platform.test',
          recipient: 'bot@acme-orders.apps.platform.test',
          room: 'r1',
          data: { subject: 's', avatar: '', occupants: [], policy: 'open' },
        }),
      ),
    );
    expect(last().classification).toMatchObject({
      category: 'group-event',
      type: 'group-join',
      roomId: 'r1',
    });
    expect(last().shapeIssues).toEqual(['`data.member` is missing.']);
  });

  it('a message id seen before is marked as a repeat of the first', async () => {
    const fields = signedFields(f, messageData('m-repeat'));
    await send(fields);
    const first = f.records.filter(isDelivery).at(-1)!;
    await send(fields);
    await send(fields);
    const [second, third] = f.records.filter(isDelivery).slice(-2);
    expect(first.delivery.repeatOf).toBeUndefined();
    expect(second!.delivery.repeatOf).toBe(first.seq);
    expect(third!.delivery.repeatOf).toBe(first.seq);
    expect(second!.summary).toMatch(new RegExp(`repeat of #${first.seq}`));
  });

  it('a repeat is told after many other deliveries (the first read back from the journal file)', async () => {
    const fields = signedFields(f, messageData('m-repeat-late'));
    await send(fields);
    const first = f.records.filter(isDelivery).at(-1)!;
    // More than the receiver keeps of its own ids and the journal keeps whole: a burst, so that
    // groups of several are written while others are being examined.
    for (let round = 0; round < 5; round++) {
      await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          send(signedFields(f, messageData(`m-between-${round}-${i}`))),
        ),
      );
    }
    await send(fields);
    const again = f.records.filter(isDelivery).at(-1)!;
    expect(again.delivery.classification.messageId).toBe('m-repeat-late');
    expect(again.seq - first.seq).toBeGreaterThan(150);
    expect(again.delivery.repeatOf).toBe(first.seq);
  });
});

describe("a profile's client secret, changed", () => {
  it('verifies the very next delivery with the new secret (the receiver keeps none of the old)', async () => {
    const profile = await f.core.invoke('profiles.create', {
      name: 'Rotating',
      baseUrl: 'http://127.0.0.1:9',
      clientId: 'rotating-app',
      clientSecret: 'the-first-secret-0001',
      redirectUri: 'http://127.0.0.1:8000/callback',
      scopes: ['basic'],
    });
    const url = new URL(`/hooks/${profile.id}`, f.endpointUrl).toString();
    const signed = (secret: string, id: string) => {
      const data = messageData(id);
      return form({
        data,
        signature: hmac('sha256', secret, data),
        signature_method: 'HMAC-SHA256',
      });
    };
    const outcomeOf = async (body: string) => {
      expect((await post(url, body)).status).toBe(200);
      const rec = f.records.filter(isDelivery).at(-1)!;
      expect(rec.profileId).toBe(profile.id);
      return rec.delivery.verification.outcome;
    };
    // Two deliveries with the first secret: the second is routed with what the first one read.
    expect(await outcomeOf(signed('the-first-secret-0001', 'm-rot-1'))).toBe('valid');
    expect(await outcomeOf(signed('the-first-secret-0001', 'm-rot-2'))).toBe('valid');
    await f.core.invoke('profiles.update', {
      profileId: profile.id,
      changes: { clientSecret: 'the-second-secret-002' },
    });
    expect(await outcomeOf(signed('the-first-secret-0001', 'm-rot-3'))).toBe('invalid');
    expect(await outcomeOf(signed('the-second-secret-002', 'm-rot-4'))).toBe('valid');
  });
});
