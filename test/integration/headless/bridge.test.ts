// The contract over the headless host's WebSocket: round trips, errors, bad frames, pushed events.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  CommandError,
  WireEventBatch,
  commands,
  type JournalRecord,
} from '../../../src-shared/contract';
import type { Core } from '../../../src-main/core/core';
import { typedInvoke, type Dispatch } from '../../../src-main/core/dispatch';
import { createEventEmitter, type CoreEventEmitter } from '../../../src-main/core/events';
import { startHeadlessHost, type HeadlessHost } from '../../../src-main/headless/index';
import { MAX_MESSAGE_BYTES } from '../../../src-main/headless/ws-bridge';

const TOKEN = 'bridge-token-0123456789abcdefghijklmnopqrst';

let host: HeadlessHost;
let tmp: string;
let emitter: CoreEventEmitter;

// A small engine whose behaviour the test controls; the real engine has its own test file.
function fakeCore(): Core {
  emitter = createEventEmitter();
  const dispatch: Dispatch = async (name, input) => {
    if (name === 'app.info') {
      const parsed = commands['app.info'].input.safeParse(input ?? {});
      if (!parsed.success)
        throw new CommandError({ code: 'invalid_input', message: 'app.info takes no input.' });
      return {
        version: '9.9.9',
        dataDir: '/x',
        sandboxUrl: null,
        secretStorage: { mode: 'memory', explanation: 'x' },
      };
    }
    if (name === 'log.list') throw new TypeError('a bug that escaped dispatch');
    if (name === 'profiles.list') return { big: 10n }; // not JSON-serialisable
    throw new CommandError({
      code: 'unknown_command',
      message: `There is no command named ${String(name)}.`,
    });
  };
  return {
    dispatch,
    invoke: typedInvoke(dispatch),
    events: emitter,
    exportSession: () => Promise.reject(new Error('this fake exports nothing')),
    close: async () => undefined,
  };
}

const SIM_CHANGE = { profileId: 'p1', action: 'user created' };
const upTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

function systemRecord(seq: number): JournalRecord {
  return {
    seq,
    at: new Date(0).toISOString(),
    summary: `record ${seq}`,
    kind: 'system',
    system: { level: 'info', message: `record ${seq}` },
  };
}

/**
 * Reads log.appended messages until `count` records with seq >= `from` have come (and, if named,
 * `until`: an event that must come after all of them), and gives their seqs in order of arrival.
 */
async function readRecords(
  next: () => Promise<unknown>,
  count: number,
  until: string | null,
  from = 1,
): Promise<{ seqs: number[]; messages: unknown[] }> {
  const seqs: number[] = [];
  const messages: unknown[] = [];
  let untilSeen = until === null;
  while (seqs.length < count || !untilSeen) {
    const message = (await next()) as { event: string; payloads?: JournalRecord[] };
    if (message.event === until) {
      // It was emitted after the burst and before the last 10: it must come between them.
      expect(seqs.length, `${until} came right after the records emitted before it`).toBe(
        count - 10,
      );
      untilSeen = true;
      continue;
    }
    const batch = WireEventBatch.parse(message);
    messages.push(batch);
    for (const record of batch.payloads as JournalRecord[]) {
      if (record.seq >= from) seqs.push(record.seq);
    }
  }
  return { seqs, messages };
}

/** A socket on /ws; `batched` asks for grouped journal records, as the app's page does. */
async function open(batched = false): Promise<{ ws: WebSocket; next: () => Promise<unknown> }> {
  const ws = new WebSocket(`ws://127.0.0.1:${host.port}/ws`, {
    origin: `http://127.0.0.1:${host.port}`,
    headers: { cookie: `tp_session_${host.port}=${TOKEN}` },
  });
  const queue: unknown[] = [];
  const waiters: ((m: unknown) => void)[] = [];
  ws.on('message', (data) => {
    const message: unknown = JSON.parse(data.toString());
    const waiter = waiters.shift();
    if (waiter) waiter(message);
    else queue.push(message);
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const next = () =>
    queue.length > 0
      ? Promise.resolve(queue.shift())
      : new Promise<unknown>((resolve) => waiters.push(resolve));
  if (batched) {
    ws.send(JSON.stringify({ events: 'batched' }));
    // The host reads a socket's messages in order: once a later one is answered, the hello is in.
    // What came before that answer (records still queued for the sockets) is not the test's.
    ws.send('{}');
    for (;;) {
      const message = (await next()) as { id?: unknown; ok?: unknown };
      if (message.id === null && message.ok === false) break;
    }
  }
  return { ws, next };
}

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'tp-host-bridge-'));
  const rendererDir = join(tmp, 'renderer');
  await mkdir(rendererDir, { recursive: true });
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>fixture</title>');
  host = await startHeadlessHost({
    sandboxPort: 0,
    port: 0,
    dataDir: join(tmp, 'data'),
    rendererDir,
    token: TOKEN,
    createCore: async () => fakeCore(),
  });
});

afterAll(async () => {
  await host?.close();
  await rm(tmp, { recursive: true, force: true });
});

describe('headless host WebSocket bridge', () => {
  it('answers a command with its output under the same id', async () => {
    const { ws, next } = await open();
    ws.send(JSON.stringify({ id: 7, command: 'app.info', input: {} }));
    expect(await next()).toEqual({
      id: 7,
      ok: true,
      output: {
        version: '9.9.9',
        dataDir: '/x',
        sandboxUrl: null,
        secretStorage: { mode: 'memory', explanation: 'x' },
      },
    });
    ws.close();
  });

  it('answers an invalid input or unknown command with an error, and the socket stays open', async () => {
    const { ws, next } = await open();
    ws.send(JSON.stringify({ id: 1, command: 'app.info', input: { surprise: true } }));
    expect(await next()).toMatchObject({ id: 1, ok: false, error: { code: 'invalid_input' } });
    ws.send(JSON.stringify({ id: 2, command: 'no.such', input: {} }));
    expect(await next()).toMatchObject({ id: 2, ok: false, error: { code: 'unknown_command' } });
    ws.send(JSON.stringify({ id: 3, command: 'app.info', input: {} }));
    expect(await next()).toMatchObject({ id: 3, ok: true });
    expect(ws.readyState).toBe(WebSocket.OPEN);
    ws.close();
  });

  it('answers malformed messages with invalid_input and keeps the socket', async () => {
    const { ws, next } = await open();
    ws.send('this is not json');
    expect(await next()).toMatchObject({ id: null, ok: false, error: { code: 'invalid_input' } });
    ws.send(JSON.stringify({ command: 'app.info' }));
    expect(await next()).toMatchObject({ id: null, ok: false, error: { code: 'invalid_input' } });
    // A usable id is echoed so the client can settle that request.
    ws.send(JSON.stringify({ id: 5, command: 42 }));
    expect(await next()).toMatchObject({ id: 5, ok: false, error: { code: 'invalid_input' } });
    ws.send(Buffer.from([1, 2, 3]), { binary: true });
    expect(await next()).toMatchObject({ id: null, ok: false, error: { code: 'invalid_input' } });
    ws.send(JSON.stringify({ id: 6, command: 'app.info', input: {} }));
    expect(await next()).toMatchObject({ id: 6, ok: true });
    ws.close();
  });

  it('turns a non-CommandError and an unserialisable output into internal errors', async () => {
    const { ws, next } = await open();
    ws.send(JSON.stringify({ id: 10, command: 'log.list', input: {} }));
    expect(await next()).toMatchObject({ id: 10, ok: false, error: { code: 'internal' } });
    ws.send(JSON.stringify({ id: 11, command: 'profiles.list', input: {} }));
    expect(await next()).toMatchObject({ id: 11, ok: false, error: { code: 'internal' } });
    ws.close();
  });

  it('pushes every core event to every open socket, records grouped only where asked', async () => {
    const a = await open(true);
    const b = await open(true);
    const plain = await open();
    const record: JournalRecord = {
      seq: 1,
      at: new Date(0).toISOString(),
      summary: 'hello',
      kind: 'system',
      system: { level: 'info', message: 'hello' },
    };
    emitter.emit('log.appended', record);
    expect(await a.next()).toEqual({ event: 'log.appended', payloads: [record] });
    expect(await b.next()).toEqual({ event: 'log.appended', payloads: [record] });
    // A client that did not ask gets the protocol's one message per record, even in a burst.
    expect(await plain.next()).toEqual({ event: 'log.appended', payload: record });
    emitter.emit('log.appended', { ...record, seq: 2 });
    emitter.emit('log.appended', { ...record, seq: 3 });
    expect(await plain.next()).toEqual({ event: 'log.appended', payload: { ...record, seq: 2 } });
    expect(await plain.next()).toEqual({ event: 'log.appended', payload: { ...record, seq: 3 } });
    expect(await a.next()).toEqual({
      event: 'log.appended',
      payloads: [
        { ...record, seq: 2 },
        { ...record, seq: 3 },
      ],
    });
    await b.next();
    emitter.emit('simulator.changed', SIM_CHANGE);
    expect(await a.next()).toEqual({ event: 'simulator.changed', payload: SIM_CHANGE });
    expect(await plain.next()).toEqual({ event: 'simulator.changed', payload: SIM_CHANGE });
    a.ws.close();
    b.ws.close();
    plain.ws.close();
  });

  it("sends a record as the journal's line that comes with it, not serialised again", async () => {
    const a = await open(true);
    const plain = await open();
    const record = systemRecord(41);
    // The line says another summary than the object: only the line passed along can make it.
    const line = JSON.stringify({ ...record, summary: 'as the journal wrote it' });
    emitter.emit('log.appended', record, line);
    const asWritten = { ...record, summary: 'as the journal wrote it' };
    expect(await a.next()).toEqual({ event: 'log.appended', payloads: [asWritten] });
    expect(await plain.next()).toEqual({ event: 'log.appended', payload: asWritten });
    a.ws.close();
    plain.ws.close();
  });

  it('sends a burst of records in few messages, in order, and an event after them after them', async () => {
    const { ws, next } = await open(true);
    const n = 1234;
    for (const seq of upTo(n)) emitter.emit('log.appended', systemRecord(seq));
    emitter.emit('simulator.changed', SIM_CHANGE);
    for (const seq of upTo(10)) emitter.emit('log.appended', systemRecord(n + seq));
    const { seqs, messages } = await readRecords(next, n + 10, 'simulator.changed');
    expect(seqs).toEqual(upTo(n + 10));
    expect(messages.length).toBeLessThan(10);
    ws.close();
  });

  it('keeps sending in order to a socket opened while records stream, after another dropped', async () => {
    const first = await open(true);
    let seq = 0;
    const emitSome = async (count: number) => {
      for (let i = 0; i < count; i++) {
        emitter.emit('log.appended', systemRecord(++seq));
        if (i % 7 === 0) await new Promise((r) => setImmediate(r));
      }
    };
    await emitSome(100);
    first.ws.terminate(); // a drop mid-stream, as a closed laptop lid would
    await emitSome(50);
    const second = await open(true);
    const from = seq + 1;
    await emitSome(300);
    const { seqs } = await readRecords(second.next, 300, null, from);
    expect(seqs).toEqual(upTo(300).map((i) => from - 1 + i));
    second.ws.close();
  });

  it('drops an oversized message without taking the host down', async () => {
    const { ws } = await open();
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    ws.on('error', () => undefined);
    ws.send('x'.repeat(MAX_MESSAGE_BYTES + 1));
    expect(await closed).toBe(1009);
    const again = await open();
    again.ws.send(JSON.stringify({ id: 1, command: 'app.info', input: {} }));
    expect(await again.next()).toMatchObject({ id: 1, ok: true });
    again.ws.close();
  });

  it('closes open sockets when the host closes', async () => {
    const { ws } = await open();
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    await host.close();
    expect(await closed).toBe(1001);
  });
});
