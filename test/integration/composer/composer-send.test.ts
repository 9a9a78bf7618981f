// Every endpoint and every msg_type sent through the composer to the sandbox over loopback HTTP:
// to the connected user (with the user's token) and into a room (with the app token for the
// user), in bulk (app token), each answered 2xx with a response that matches its documented shape.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActAs, ComposerSendResult } from '../../../src-shared/contract';
import { MSG_TYPES } from '../../../src-shared/spec';
import { simulator } from '../../helpers/sandbox-client';
import { startComposerFixture, type ComposerFixture } from './composer-fixture';

let fx: ComposerFixture;
beforeAll(async () => {
  fx = await startComposerFixture();
});
afterAll(async () => {
  await fx?.close();
});

const SAMPLE: Record<string, string> = {
  picture: 'sample.jpg',
  movie: 'sample.mp4',
  sound: 'sample.mp3',
  voice: 'sample.amr',
  file: 'sample.pdf',
};

function typeInput(msgType: string) {
  const params: Record<string, string> = { msg_type: msgType };
  if (msgType === 'text') params.text = 'Your order 1042 has shipped';
  if (msgType === 'sticker') params.sticker_id = 'thumbs-up';
  if (msgType === 'location')
    Object.assign(params, { geo_lat: '52.52', geo_lon: '13.405', geo_description: 'Depot' });
  const sample = SAMPLE[msgType];
  return {
    params,
    ...(sample ? { file: { name: sample, sample } } : {}),
    ...(msgType === 'contact'
      ? {
          vcard: {
            name: 'Ada',
            surname: 'Lovelace',
            phones: [{ number: '4915112345678', type: 'mobile' }],
          },
        }
      : {}),
  };
}

function expectClean(result: ComposerSendResult) {
  expect({
    summary: result.record.summary,
    body: result.record.api.responseBody?.text.slice(0, 300),
  }).toMatchObject({
    summary: expect.stringMatching(/→ 200$/),
  });
  expect(result.shapeIssues).toEqual([]);
}

const send = (endpointId: string, params: Record<string, string>, actAs: ActAs, extra = {}) =>
  fx.core.invoke('composer.send', { endpointId, params, actAs, ...extra });

describe('message.send, every msg_type', () => {
  it.each([...MSG_TYPES])('%s to the user, with the user token', async (msgType) => {
    const { params, ...extra } = typeInput(msgType);
    const result = await send(
      'message.send',
      { contact_id: fx.contactId, resource_id: fx.userId, ...params },
      { kind: 'user', userId: fx.userId },
      extra,
    );
    expectClean(result);
    const json = result.json as { type: string; recipient: string; data: Record<string, unknown> };
    expect(json.type).toBe(msgType);
    expect(json.recipient.startsWith(`${fx.userId}@`)).toBe(true);
    if (msgType === 'contact') expect(json.data.vcard).toBe(result.request.vcardXml);
    if (SAMPLE[msgType]) {
      expect(result.request.bodyKind).toBe('multipart');
      expect(json.data).toMatchObject({
        mime_type: result.request.file?.sentMime,
        size: result.request.file?.size,
      });
      // The stored bytes are the sample's, served back by the sandbox.
      const stored = Buffer.from(await (await fetch(json.data.url as string)).arrayBuffer());
      expect(stored.length).toBe(result.request.file?.size);
    }
  });

  it.each([...MSG_TYPES])('%s into the room, with the app token for the user', async (msgType) => {
    const { params, ...extra } = typeInput(msgType);
    const result = await send(
      'message.send',
      { contact_id: fx.contactId, resource_id: fx.roomId, ...params },
      { kind: 'appForUser', userId: fx.userId },
      extra,
    );
    expectClean(result);
    expect(result.record.api.requestParams.user_id).toBe(fx.userId);
    expect((result.json as { room: string }).room).toBe(fx.roomId);
  });
});

describe('bulk.send, every msg_type', () => {
  it.each([...MSG_TYPES])('%s: accepted and not_authorized per recipient', async (msgType) => {
    const { params, ...extra } = typeInput(msgType);
    const result = await send(
      'bulk.send',
      { contact_id: fx.contactId, resources: `${fx.userId} ${fx.roomId} unobody`, ...params },
      { kind: 'app' },
      extra,
    );
    expectClean(result);
    expect(result.bulk).toEqual([
      { id: fx.userId, outcome: 'accepted' },
      { id: fx.roomId, outcome: 'accepted' },
      { id: 'unobody', outcome: 'not_authorized' },
    ]);
  });
});

describe('the other endpoints', () => {
  const asUser = (): ActAs => ({ kind: 'user', userId: fx.userId });
  const forUser = (): ActAs => ({ kind: 'appForUser', userId: fx.userId });

  it('me, with the user token and with the app token for the user', async () => {
    for (const actAs of [asUser(), forUser()]) {
      const result = await send('me', {}, actAs);
      expectClean(result);
      expect((result.json as { id: string }).id).toBe(fx.userId);
    }
  });

  it('resource.list and resource.info for the user and the room', async () => {
    expectClean(await send('resource.list', {}, forUser()));
    const user = await send('resource.info', { resource_id: fx.userId }, asUser());
    expectClean(user);
    expect(user.json).toMatchObject({ type: 'user' });
    const room = await send('resource.info', { resource_id: fx.roomId }, forUser(), {
      path: '/tp/resource/info.json',
    });
    expectClean(room);
    expect(room.json).toMatchObject({ type: 'room', resource: { room: fx.roomId } });
  });

  it('contact.add then contact.remove', async () => {
    expectClean(
      await send('contact.add', { contact_id: 'temp-1', display_name: 'Temp' }, asUser()),
    );
    const removed = await send('contact.remove', { contact_id: 'temp-1' }, forUser());
    expectClean(removed);
    expect(removed.json).toEqual({ contact_id: 'temp-1', removed: true });
  });

  it('token (client_credentials), with the secret from the profile and the new token redacted', async () => {
    const result = await send('token', { grant_type: 'client_credentials' }, { kind: 'app' });
    expectClean(result);
    // The value itself is checked against the sandbox's own in composer-secrets.test.ts.
    expect((result.json as { access_token: string }).access_token).toMatch(/^.{4}…$/);
    expect(result.record.api.requestParams.client_secret).not.toBe(fx.clientSecret);
    expect(result.request.raw.text).not.toContain(fx.clientSecret);
    expect(JSON.stringify(result.record)).not.toContain(fx.clientSecret);
  });

  it('otp.verify with the app token', async () => {
    // A management URL nobody answers, so the otp stays unused for the composer to verify.
    await simulator(fx.sandbox, 'PATCH', `/_sandbox/apps/${fx.clientId}`, {
      management_url: 'http://127.0.0.1:9/manage',
    });
    const { otp } = await simulator<{ otp: string }>(
      fx.sandbox,
      'POST',
      `/_sandbox/users/${fx.userId}/otp`,
      {
        target: 'management',
      },
    );
    const result = await send('otp.verify', { otp }, { kind: 'app' });
    expectClean(result);
    expect(result.json).toEqual({ user_id: fx.userId });
  });

  it('authorize: the consent page (HTML, no shape to check)', async () => {
    const result = await send(
      'authorize',
      { response_type: 'code', client_id: fx.clientId, state: 's1', scope: 'basic' },
      { kind: 'app' },
    );
    expect(result.record.api.status).toBe(200);
    expect(result.record.api.requestHeaders).not.toHaveProperty('authorization');
    expect(result.shapeIssues).toEqual([]);
  });
});
