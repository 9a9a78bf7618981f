// sessions.compare: two journal sessions, each with deliveries posted to the receiver, compared by
// their counts (kinds, outcomes, signature results) with the records alike that one has more of
// listed by seq; an archived session is read too, and an unknown one is refused in words.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  form,
  isDelivery,
  messageData,
  post,
  signedFields,
  startInboundFixture,
  type InboundFixture,
} from '../inbound/inbound-harness';

let f: InboundFixture;
beforeAll(async () => {
  f = await startInboundFixture();
});
afterAll(() => f.close());

/** Posts a text delivery, signed or with a wrong signature, and waits for its record. */
async function deliver(id: string, signed: boolean) {
  const data = messageData(id);
  const fields = signed
    ? signedFields(f, data)
    : { data, signature: 'f'.repeat(64), signature_method: 'HMAC-SHA256' };
  await post(f.endpointUrl, form(fields));
  const [record] = await f.waitForCount(
    (r) => isDelivery(r) && r.delivery.classification.messageId === id,
    1,
  );
  return record!;
}

async function startSession(name: string) {
  const state = await f.core.invoke('sessions.start', { name });
  return state.activeId;
}

describe('sessions.compare', () => {
  it('counts each session by kind, outcome and signature, and lists the records alike that differ', async () => {
    const yesterday = await startSession('yesterday');
    await deliver('m1', true);
    await deliver('m2', true);
    const today = await startSession('today');
    await deliver('m3', true);
    const invalid = await deliver('m4', false);

    const out = await f.core.invoke('sessions.compare', { leftId: yesterday, rightId: today });
    expect(out.left).toMatchObject({ id: yesterday, name: 'yesterday' });
    expect(out.right).toMatchObject({ id: today, name: 'today' });
    expect(out.left.counts.kinds.delivery).toBe(2);
    expect(out.right.counts.kinds.delivery).toBe(2);
    expect(out.left.counts.signatures).toEqual({ valid: 2 });
    expect(out.right.counts.signatures).toEqual({ valid: 1, invalid: 1 });
    // The receiver answers both 200 (its default response control), whatever the signature.
    expect(out.left.counts.outcomes).toEqual({ 'delivery 2xx': 2 });
    expect(out.right.counts.outcomes).toEqual({ 'delivery 2xx': 2 });

    const deliveries = out.differences.filter((d) => d.key.startsWith('delivery '));
    expect(deliveries.map((d) => [d.key, d.left, d.right])).toEqual([
      // As many apart each (one), so by name.
      ['delivery text 2xx invalid', 0, 1],
      ['delivery text 2xx valid', 2, 1],
    ]);
    expect(deliveries[0]!.rightRecords).toEqual([{ seq: invalid.seq, summary: invalid.summary }]);
    expect(deliveries[0]!.leftRecords).toEqual([]);
    expect(deliveries[1]!.leftRecords).toHaveLength(2);
    expect(out.differencesTotal).toBe(out.differences.length);
  });

  it('reads an archived session, and refuses an unknown one in words', async () => {
    const before = await f.core.invoke('sessions.list', {});
    const yesterday = before.sessions.find((s) => s.name === 'yesterday')!.id;
    await f.core.invoke('sessions.archive', { sessionId: yesterday });
    const out = await f.core.invoke('sessions.compare', {
      leftId: yesterday,
      rightId: yesterday,
    });
    expect(out.left.counts.signatures).toEqual({ valid: 2 });
    expect(out.differences).toEqual([]);

    await expect(
      f.core.invoke('sessions.compare', { leftId: yesterday, rightId: 'no-such-session' }),
    ).rejects.toThrow(/There is no session "no-such-session"/);
  });
});
