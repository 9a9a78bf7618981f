import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_PORT, listenLoopback } from '../../../src-main/headless/listen';

const servers: Server[] = [];

afterEach(async () => {
  for (const s of servers.splice(0)) await new Promise<void>((r) => s.close(() => r()));
});

function server(): Server {
  const s = createServer();
  servers.push(s);
  return s;
}

describe('loopback port choice', () => {
  it('falls back to a free port when the default is taken', async () => {
    // Hold the default port ourselves (or find it already held by someone else).
    const holder = server();
    await listenLoopback(holder, DEFAULT_PORT).catch(() => undefined);
    const s = server();
    const port = await listenLoopback(s, undefined);
    expect(port).not.toBe(DEFAULT_PORT);
    expect((s.address() as AddressInfo).address).toBe('127.0.0.1');
  });

  it('says clearly when an explicit port is taken', async () => {
    const first = server();
    const port = await listenLoopback(first, 0);
    await expect(listenLoopback(server(), port)).rejects.toThrow(
      new RegExp(`Port ${port} .* already in use`),
    );
  });
});
