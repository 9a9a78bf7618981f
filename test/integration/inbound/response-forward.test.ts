// Response control (status, body, delay, failure rate, refusing unverified deliveries) with the
// sandbox's retries watched, and forward-to: up, down and slow targets.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ForwardRecord, JournalRecord } from '../../../src-shared/contract';
import { REPLAY_HEADER } from '../../../src-main/core/inbound/deliveries';
import { freePort } from '../../helpers/sandbox-client';
import {
  connectUser,
  form,
  isDelivery,
  isDeliveryOf,
  isForward,
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

const signed = (id: string) => form(signedFields(f, messageData(id)));

describe('response control', () => {
  it('answers the configured status, body and delay, and records them', async () => {
    const settings = await f.core.invoke('inbound.setResponse', {
      response: { status: 202, body: '{"ok":true}', contentType: 'application/json', delayMs: 50 },
    });
    expect(settings.response).toMatchObject({ status: 202, delayMs: 50, failureRate: 0 });
    const res = await post(f.endpointUrl, signed('m-202'));
    expect(res).toEqual({ status: 202, text: '{"ok":true}' });
    expect(f.records.filter(isDelivery).at(-1)!.delivery.response).toEqual({
      status: 202,
      body: '{"ok":true}',
      delayMs: 50,
      reason: 'configured',
    });
    await f.core.invoke('inbound.setResponse', {
      response: { status: 200, body: 'ok', delayMs: 0 },
    });
  });

  it('a failure rate of 1 makes the sandbox retry five times, each attempt captured as a repeat', async () => {
    await f.core.invoke('inbound.setResponse', {
      response: { failureRate: 1, failureStatus: 503 },
    });
    const sent = await userSends(f, userId, 'retry me');
    const attempts = await f.waitForCount(isDeliveryOf(sent.id), 5);
    await f.core.invoke('inbound.setResponse', { response: { failureRate: 0 } });
    const [first, ...rest] = attempts.filter(isDelivery);
    expect(first!.delivery.response).toMatchObject({ status: 503, reason: 'failure-rate' });
    expect(first!.delivery.repeatOf).toBeUndefined();
    for (const r of rest) expect(r.delivery.repeatOf).toBe(first!.seq);
    // The sandbox saw the same five answers and gave up.
    const delivery = await sandboxDeliveryOf(f, sent.id);
    expect(delivery.status).toBe('failed');
    expect(delivery.attempts.map((a) => a.status)).toEqual([503, 503, 503, 503, 503]);
  });

  it('refuses unverified deliveries with 401 when asked to', async () => {
    await f.core.invoke('inbound.setResponse', { response: { rejectUnverified: true } });
    expect((await post(f.endpointUrl, form({ data: messageData('m-nosig') }))).status).toBe(401);
    expect((await post(f.endpointUrl, signed('m-sig'))).status).toBe(200);
    await f.core.invoke('inbound.setResponse', { response: { rejectUnverified: false } });
  });

  it('refuses settings out of range, naming the field', async () => {
    await expect(
      f.core.invoke('inbound.setResponse', { response: { status: 99 } }),
    ).rejects.toMatchObject({ code: 'invalid_input', issues: [{ path: 'response.status' }] });
  });
});

describe('forward-to', () => {
  let target: Server;
  const got: { body: Buffer; headers: IncomingMessage['headers'] }[] = [];
  let hang: Server;
  beforeAll(async () => {
    target = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        got.push({ body: Buffer.concat(chunks), headers: req.headers });
        res.writeHead(201, { 'content-type': 'text/plain' }).end('thanks');
      });
    });
    hang = createServer(() => {
      // Never answers.
    });
    await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
    await new Promise<void>((r) => hang.listen(0, '127.0.0.1', r));
  });
  afterAll(async () => {
    await f.core.invoke('inbound.setForwards', { forwards: { targets: [] } });
    target.close();
    hang.closeAllConnections();
    hang.close();
  });
  const url = (s: Server, path = '/hook') =>
    `http://127.0.0.1:${(s.address() as AddressInfo).port}${path}`;

  it('sends each delivery on byte for byte and records the answer beside it', async () => {
    await f.core.invoke('inbound.setForwards', { forwards: { targets: [url(target)] } });
    const sent = await userSends(f, userId, 'forward me ✓');
    const forward = await f.waitFor(isForward);
    const delivery = f.records.find((r) => r.seq === forward.forward.deliverySeq)!;
    expect(delivery.kind).toBe('delivery');
    if (delivery.kind !== 'delivery') return;
    expect(delivery.delivery.classification.messageId).toBe(sent.id);
    expect(delivery.delivery.forwardTo).toEqual([url(target)]);
    expect(got[0]!.body.equals(Buffer.from(delivery.delivery.body!.text, 'utf8'))).toBe(true);
    expect(got[0]!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(forward.forward.exchange).toMatchObject({
      status: 201,
      url: url(target),
      responseBody: { encoding: 'utf8', text: 'thanks' },
    });
    expect(forward.forward.why).toBe('forward');
    expect(forward.summary).toMatch(/→ 201/);
  });

  it('a replay captured by the receiver is forwarded without the receiver’s own replay mark', async () => {
    await f.core.invoke('inbound.setForwards', { forwards: { targets: [url(target)] } });
    const before = got.length;
    const sent = await userSends(f, userId, 'forward my replay');
    const delivery = await f.waitFor(isDeliveryOf(sent.id));
    const { record } = await f.core.invoke('inbound.replay', {
      seq: delivery.seq,
      target: 'receiver',
    });
    const forwardOf =
      (seq: number) =>
      (r: JournalRecord): r is ForwardRecord =>
        isForward(r) && r.forward.deliverySeq === seq;
    await f.waitFor(forwardOf(delivery.seq));
    await f.waitFor(forwardOf(record.seq));
    // The original and its replay, both sent on: the same bytes, and no header of the receiver's.
    const received = got.slice(before);
    expect(received).toHaveLength(2);
    const bytes = Buffer.from(delivery.delivery.body!.text, 'utf8');
    for (const g of received) {
      expect(g.body.equals(bytes)).toBe(true);
      expect(Object.keys(g.headers)).not.toContain(REPLAY_HEADER);
    }
  });

  it('a dead target and a silent one are errors after the timeout, and the sender is answered at once', async () => {
    const dead = `http://127.0.0.1:${await freePort()}/gone`;
    await f.core.invoke('inbound.setForwards', {
      forwards: { targets: [dead, url(hang)], timeoutMs: 200 },
    });
    const before = f.records.filter(isForward).length;
    const res = await post(f.endpointUrl, signed('m-fwd-fail'));
    // The answer did not wait for the forwards: none has a result yet for the silent target.
    expect(res.status).toBe(200);
    expect(f.records.filter(isForward).some((r) => r.forward.exchange.url === url(hang))).toBe(
      false,
    );
    const results = (await f.waitForCount(isForward, before + 2)).slice(before).filter(isForward);
    const byUrl = Object.fromEntries(
      results.map((r) => [r.forward.exchange.url, r.forward.exchange]),
    );
    // The advice names the target, not the profile's base URL (which is not what failed).
    expect(byUrl[dead]).toMatchObject({
      status: null,
      error: expect.stringMatching(/refused\)\. Check the forward target URL, or start the server/),
    });
    expect(byUrl[url(hang)]).toMatchObject({
      status: null,
      error: expect.stringMatching(/did not answer in time/),
    });
  });

  it('refuses a target that is not an http(s) URL', async () => {
    await expect(
      f.core.invoke('inbound.setForwards', { forwards: { targets: ['ftp://x'] } }),
    ).rejects.toMatchObject({ code: 'invalid_input' });
  });
});
