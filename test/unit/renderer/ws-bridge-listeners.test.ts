// The renderer's WebSocket transport hands events to the fan-out the preload uses too, so a
// listener subscribed twice is two subscriptions there as well (it used to be one).
import { afterEach, describe, expect, it, vi } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { createWsBridge, type WsBridge } from '../../../src-renderer/src/bridge/ws-bridge';
import { waitFor } from '../../helpers/wait-for';

let server: WebSocketServer | undefined;
let bridge: WsBridge | undefined;
afterEach(async () => {
  bridge?.close();
  vi.unstubAllGlobals();
  const running = server;
  server = undefined;
  if (running) await new Promise((r) => running.close(r));
});

describe('the WebSocket bridge, through the fan-out', () => {
  it('keeps a listener subscribed twice until both unsubscribes, as the preload does', async () => {
    const wss = (server = new WebSocketServer({ port: 0, host: '127.0.0.1' }));
    await new Promise((r) => wss.once('listening', r));
    const sockets: WebSocket[] = [];
    wss.on('connection', (ws) => sockets.push(ws));
    vi.stubGlobal('WebSocket', WebSocket);
    const { port } = wss.address() as { port: number };
    bridge = createWsBridge(`ws://127.0.0.1:${port}/ws`);
    const heard: unknown[] = [];
    const listener = (p: unknown) => heard.push(p);
    const off = bridge.on('profiles.changed', listener);
    bridge.on('profiles.changed', listener);
    off();
    const socket = await waitFor('the connection', () => sockets[0]);
    socket.send(JSON.stringify({ event: 'profiles.changed', payload: 'still heard' }));
    await waitFor('the event', () => (heard.length > 0 ? true : undefined));
    expect(heard).toEqual(['still heard']);
  });
});
