// The headless host groups new journal records into few WebSocket messages: none lost, none out of
// order, across the boundaries between messages, and nothing held back once a record comes alone.
import { describe, expect, it } from 'vitest';
import { WireEventBatch } from '../../../src-shared/contract';
import {
  batchText,
  createLogBatcher,
  LOG_BATCH_MAX,
} from '../../../src-main/host-start/log-batcher';
import { waitFor } from '../../helpers/wait-for';

function collect() {
  const messages: number[][] = [];
  const batcher = createLogBatcher((lines) => {
    const message = WireEventBatch.parse(JSON.parse(batchText(lines)));
    expect(message.event).toBe('log.appended');
    messages.push(message.payloads.map((p) => (p as { seq: number }).seq));
  });
  const seqs = () => messages.flat();
  return { batcher, messages, seqs };
}

const line = (seq: number) => JSON.stringify({ seq, kind: 'system', summary: `record ${seq}` });
const nextTurn = () => new Promise((r) => setImmediate(r));
const upTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('the log batcher', () => {
  it('sends a record that comes alone without waiting for others', async () => {
    const { batcher, messages } = collect();
    batcher.add(line(1));
    await waitFor('the lone record', () => (messages.length ? true : undefined));
    expect(messages).toEqual([[1]]);
  });

  it('splits a burst into messages of at most LOG_BATCH_MAX records, in order, none lost', async () => {
    const { batcher, messages, seqs } = collect();
    const n = LOG_BATCH_MAX * 2 + 34;
    for (const seq of upTo(n)) batcher.add(line(seq));
    await waitFor('every record of the burst', () => (seqs().length === n ? true : undefined));
    expect(seqs()).toEqual(upTo(n));
    expect(messages.length).toBe(3);
    expect(Math.max(...messages.map((m) => m.length))).toBe(LOG_BATCH_MAX);
  });

  it('groups records that keep coming turn after turn, keeping their order', async () => {
    const { batcher, messages, seqs } = collect();
    const n = 600;
    for (const seq of upTo(n)) {
      batcher.add(line(seq));
      if (seq % 3 === 0) await nextTurn();
    }
    await waitFor('every record', () => (seqs().length === n ? true : undefined));
    expect(seqs()).toEqual(upTo(n));
    // One message per turn at most; fewer once the records come faster than LOG_BATCH_MS.
    expect(messages.length).toBeLessThanOrEqual(n / 3 + 1);
  });

  it('flush() sends what is queued at once, so a message sent next comes after it', () => {
    const sent: string[] = [];
    const batcher = createLogBatcher((lines) => sent.push(batchText(lines)));
    batcher.add(line(1));
    batcher.add(line(2));
    batcher.flush();
    sent.push('the next message');
    expect(sent.length).toBe(2);
    expect(WireEventBatch.parse(JSON.parse(sent[0]!)).payloads).toHaveLength(2);
    expect(sent[1]).toBe('the next message');
    batcher.flush();
    expect(sent.length).toBe(2);
  });

  it('stop() drops what is queued', async () => {
    const sent: string[] = [];
    const batcher = createLogBatcher((lines) => sent.push(batchText(lines)));
    batcher.add(line(1));
    batcher.stop();
    batcher.flush();
    await nextTurn();
    expect(sent).toEqual([]);
  });
});
