// An answer after the platform's deadline for one attempt (10 s, docs/sandbox.md, Deliveries) is no
// success, whatever its status: the receiver's delayed answers and a slow forward target's say so
// in their records and rows, and timely ones do not.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ForwardRecord, JournalRecord } from '../../../src-shared/contract';
import {
  connectUser,
  form,
  isDelivery,
  isDeliveryOf,
  isForward,
  messageData,
  post,
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

/** The Event log's row of record `seq`, as log.query answers it. */
async function rowOf(seq: number) {
  const { rows } = await f.core.invoke('log.query', { filter: {}, limit: 1000 });
  return rows.find((r) => r.seq === seq);
}

describe('a delivery answered after the platform’s deadline', () => {
  it('says so in each attempt’s record, summary and row; a timely answer does not', async () => {
    await f.core.invoke('inbound.setResponse', { response: { status: 200, delayMs: 12_000 } });
    // The fixture's sandbox gives up on an attempt after 2 s and retries at once: two attempts.
    const sent = await userSends(f, userId, 'answer me late');
    const attempts = (await f.waitForCount(isDeliveryOf(sent.id), 2)).filter(isDelivery);
    await f.core.invoke('inbound.setResponse', { response: { delayMs: 0 } });
    const words = 'answered 200 after 12.0 s: the platform had stopped waiting at 10 s and retries';
    for (const attempt of attempts) {
      expect(attempt.delivery.response).toMatchObject({ status: 200, late: words });
      expect(attempt.summary).toContain(words);
      expect((await rowOf(attempt.seq))?.late).toBe(words);
    }
    // Read back from the file, the field is kept.
    const { record } = await f.core.invoke('log.get', { seq: attempts[0]!.seq });
    expect(record?.kind === 'delivery' ? record.delivery.response.late : null).toBe(words);

    const timely = await post(f.endpointUrl, form(signedFields(f, messageData('m-on-time'))));
    expect(timely.status).toBe(200);
    const onTime = await f.waitFor(isDeliveryOf('m-on-time'));
    expect(onTime.delivery.response.late).toBeUndefined();
    expect((await rowOf(onTime.seq))?.late).toBeUndefined();
  });
});

describe('a forward target answering after the platform’s deadline', () => {
  let slow: Server;
  let quick: Server;
  const url = (s: Server) => `http://127.0.0.1:${(s.address() as AddressInfo).port}/hook`;
  beforeAll(async () => {
    // Past the 10 s deadline by half a second: the one wait this file cannot shorten, since the
    // deadline is the platform's own and not a setting.
    slow = createServer((req, res) => {
      req.resume();
      setTimeout(() => res.writeHead(200).end('late'), 10_500);
    });
    quick = createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(201).end('thanks'));
    });
    await new Promise<void>((r) => slow.listen(0, '127.0.0.1', r));
    await new Promise<void>((r) => quick.listen(0, '127.0.0.1', r));
  });
  afterAll(async () => {
    await f.core.invoke('inbound.setForwards', { forwards: { targets: [] } });
    slow.closeAllConnections();
    slow.close();
    quick.close();
  });

  it('its forward record and row say it answered too late; the quick target’s do not', async () => {
    await f.core.invoke('inbound.setForwards', { forwards: { targets: [url(slow), url(quick)] } });
    await post(f.endpointUrl, form(signedFields(f, messageData('m-slow-target'))));
    const delivery = await f.waitFor(isDeliveryOf('m-slow-target'));
    const forwardTo =
      (target: string) =>
      (r: JournalRecord): r is ForwardRecord =>
        isForward(r) && r.forward.deliverySeq === delivery.seq && r.forward.exchange.url === target;
    const fast = await f.waitFor(forwardTo(url(quick)));
    expect(fast.forward.exchange.status).toBe(201);
    expect(fast.forward.late).toBeUndefined();
    expect((await rowOf(fast.seq))?.late).toBeUndefined();

    const late = await f.waitFor(forwardTo(url(slow)));
    expect(late.forward.exchange.status).toBe(200);
    expect(late.forward.late).toMatch(
      /^answered 200 after 10\.\d s: past the platform's 10 s deadline, so the platform would have stopped waiting and retried$/,
    );
    expect(late.summary).toContain(late.forward.late);
    expect((await rowOf(late.seq))?.late).toBe(late.forward.late);
  }, 20_000);
});
