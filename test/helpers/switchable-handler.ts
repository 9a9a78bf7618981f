// A webhook handler on loopback whose answer a test switches: `refuse` (500, as a handler with a
// bug) or `accept` (200), as a developer's fix would change it. Keeps what it was sent.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SwitchableHandler {
  url: string;
  mode: 'refuse' | 'accept';
  /** The bodies it was sent, in order. */
  received: string[];
  close(): Promise<void>;
}

export async function startSwitchableHandler(): Promise<SwitchableHandler> {
  const handler: SwitchableHandler = {
    url: '',
    mode: 'refuse',
    received: [],
    close: () => new Promise((done) => server.close(() => done())),
  };
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      handler.received.push(body);
      if (handler.mode === 'accept') res.writeHead(200).end('ok');
      else
        res.writeHead(500).end('TypeError: cannot read properties of undefined (reading "body")');
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  handler.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return handler;
}
