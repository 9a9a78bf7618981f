// The Inbound pane's recent answers follow the journal's live records a frame at a time: a burst of
// deliveries (hundreds a second under load) is one change of the store, so one render of the list,
// not one per delivery.
import { afterEach, describe, expect, it } from 'vitest';
import type { JournalRecord } from '../../../src-shared/contract';
import type { CoreEventEmitter } from '../../../src-main/core/events';
import { RECENT_ANSWERS } from '../../../src-renderer/src/features/inbound/inbound-store';
import { frameBatcher } from '../../../src-renderer/src/stores/next-frame';
import { waitFor } from '../../helpers/wait-for';
import { startStores, type StoresFixture } from './store-fixture';

let f: StoresFixture | undefined;
afterEach(async () => {
  await f?.close();
  f = undefined;
});

/** A delivery record as the receiver journals it (the other stores read it too). */
function delivery(seq: number, profileId: string): JournalRecord {
  const data = JSON.stringify({ id: `m${seq}`, type: 'text', data: { body: 'hi' } });
  return {
    seq,
    at: new Date(1_800_000_000_000 + seq).toISOString(),
    kind: 'delivery',
    profileId,
    summary: `Delivery #${seq}`,
    delivery: {
      method: 'POST',
      path: '/hooks/sandbox',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      source: { address: '127.0.0.1', port: 40000 },
      receivedAt: new Date(1_800_000_000_000 + seq).toISOString(),
      form: { data, signature: 'ab', signatureMethod: 'HMAC-SHA256' },
      verification: { outcome: 'valid', method: 'HMAC-SHA256', explanation: 'valid', over: 'data' },
      classification: {
        category: 'message',
        type: 'text',
        msgType: 'text',
        messageId: `m${seq}`,
        contactId: 'acme-orders',
        userId: 'u1',
      },
      shapeIssues: [],
      forwardTo: [],
      body: { encoding: 'utf8', text: `data=${encodeURIComponent(data)}`, size: 10 },
      response: {
        status: seq % 5 === 0 ? 503 : 200,
        body: 'ok',
        delayMs: 0,
        reason: 'configured',
      },
    },
  } as JournalRecord;
}

describe('frameBatcher', () => {
  it('hands every item pushed before the frame to one apply, in order, and starts again after it', async () => {
    const applied: number[][] = [];
    const batch = frameBatcher<number>((items) => applied.push(items), 20);
    for (let i = 1; i <= 50; i++) batch.push(i);
    expect(applied).toEqual([]);
    await waitFor('the first batch to be applied', () => (applied.length > 0 ? true : undefined));
    expect(applied).toEqual([Array.from({ length: 50 }, (_, i) => i + 1)]);
    batch.push(51);
    batch.drop();
    batch.push(52);
    await waitFor('the second batch', () => (applied.length > 1 ? true : undefined));
    expect(applied[1]).toEqual([52]);
  });
});

describe('the recent answers', () => {
  it('take a burst of live deliveries in one change, newest first, each once', async () => {
    const fx = (f = await startStores());
    fx.start();
    const inbound = fx.stores.inbound;
    await waitFor('the inbound store to load the sandbox profile', () =>
      inbound.getState().profileId === fx.sandboxProfileId && inbound.getState().status
        ? true
        : undefined,
    );
    let changes = 0;
    const stop = inbound.subscribe((next, prev) => {
      if (next.answers !== prev.answers) changes += 1;
    });
    const events = fx.core.events as CoreEventEmitter;
    // 30 deliveries in one turn of the event loop, the newest twice (a load that read it back).
    for (let seq = 1001; seq <= 1030; seq++)
      events.emit('log.appended', delivery(seq, fx.sandboxProfileId));
    events.emit('log.appended', delivery(1030, fx.sandboxProfileId));
    events.emit('log.appended', delivery(1031, 'another-profile'));
    await waitFor('the burst to reach the recent answers', () =>
      inbound.getState().answers[0]?.seq === 1030 ? true : undefined,
    );
    stop();
    expect(changes).toBe(1);
    expect(inbound.getState().answers.map((a) => a.seq)).toEqual(
      Array.from({ length: RECENT_ANSWERS }, (_, i) => 1030 - i),
    );
    expect(inbound.getState().answers.find((a) => a.seq === 1025)?.status).toBe(503);
  });
});
