// The renderer's WebSocket transport reads the host's grouped journal records (`{event, payloads}`)
// as one event per record, in order, as it reads a single event; and when the socket drops mid-stream
// it reconnects and goes on hearing the records sent after that, in order.
import { afterEach, describe, expect, it, vi } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { createWsBridge, type WsBridge } from '../../../src-renderer/src/bridge/ws-bridge';
import type { JournalRecord } from '../../../src-shared/contract';
import { waitFor } from '../../helpers/wait-for';

const record = (seq: number): JournalRecord => ({
  seq,
  at: new Date(0).toISOString(),
  summary: `record ${seq}`,
  kind: 'system',
  system: { level: 'info', message: `record ${seq}` },
});
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);
const batch = (seqs: number[]) =>
  JSON.stringify({ event: 'log.appended', payloads: seqs.map(record) });

let server: WebSocketServer | undefined;
let bridge: WsBridge | undefined;
afterEach(async () => {
  bridge?.close();
  vi.unstubAllGlobals();
  await new Promise((r) => server?.close(r));
});

/** A stand-in host: hands each socket it accepts to the test, in order. */
async function startServer() {
  const wss = (server = new WebSocketServer({ port: 0, host: '127.0.0.1' }));
  await new Promise((r) => wss.once('listening', r));
  const sockets: WebSocket[] = [];
  wss.on('connection', (ws) => sockets.push(ws));
  const { port } = wss.address() as { port: number };
  // The transport is written for the browser's WebSocket; ws has the same API.
  vi.stubGlobal('WebSocket', WebSocket);
  return { url: `ws://127.0.0.1:${port}/ws`, sockets };
}

describe("the renderer's WebSocket transport", () => {
  it('hears a batch as one event per record, in order, with single events between', async () => {
    const { url, sockets } = await startServer();
    const heard: number[] = [];
    bridge = createWsBridge(url);
    bridge.on('log.appended', (r) => heard.push(r.seq));
    const socket = await waitFor('the connection', () => sockets[0]);
    socket.send(batch(range(1, 500)));
    socket.send(JSON.stringify({ event: 'log.appended', payload: record(501) }));
    socket.send(batch(range(502, 700)));
    await waitFor('700 records', () => (heard.length >= 700 ? true : undefined));
    expect(heard).toEqual(range(1, 700));
  });

  it('reconnects after a drop mid-stream and hears what comes after it, in order', async () => {
    const { url, sockets } = await startServer();
    const heard: number[] = [];
    bridge = createWsBridge(url);
    bridge.on('log.appended', (r) => heard.push(r.seq));
    const first = await waitFor('the first connection', () => sockets[0]);
    first.send(batch(range(1, 100)));
    await waitFor('the first 100 records', () => (heard.length >= 100 ? true : undefined));
    first.send(batch(range(101, 150)));
    first.terminate();
    const second = await waitFor('the connection after the drop', () => sockets[1]);
    await waitFor('the transport to say it is connected again', () =>
      bridge?.connection.current().status === 'connected' ? true : undefined,
    );
    second.send(batch(range(151, 400)));
    await waitFor('the records sent after the drop', () =>
      heard.at(-1) === 400 ? true : undefined,
    );
    // What was in flight when the socket dropped may be lost (the log store asks again on
    // reconnect); what was heard is in order, and everything sent after the reconnect arrived.
    expect(heard).toEqual([...heard].sort((a, b) => a - b));
    expect(heard.slice(heard.indexOf(151))).toEqual(range(151, 400));
    expect(heard.slice(0, 100)).toEqual(range(1, 100));
  });
});
