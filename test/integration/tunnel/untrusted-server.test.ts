// A tunnel server is not trusted with where the engine connects nor with how many connections it
// opens: the loopback test server (test/helpers/lt-server.ts) answers the registration with an
// `ip` on the local network or the cloud metadata address, or asks for 100 connections.
//
// No test may ever reach a non-loopback address, even when the check is missing: node:net's
// connect is wrapped here so that it records every host asked for and fails at once, without a
// packet sent, for any host that is not loopback.
import type { Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TunnelRecord, TunnelStatus } from '../../../src-shared/contract';
import type { Core } from '../../../src-main/core/index';
import { startCoreWithSandbox } from '../../helpers/core-fixture';
import { startLtServer, type LtServerOptions } from '../../helpers/lt-server';

const connectCalls = vi.hoisted(() => [] as string[]);

vi.mock('node:net', async (importOriginal) => {
  const net = await importOriginal<typeof import('node:net')>();
  const isLoopback = (host: string) =>
    host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
  function guardedConnect(...args: unknown[]): Socket {
    const [first, second] = args;
    const host =
      typeof first === 'object' && first !== null && 'host' in first
        ? String(first.host)
        : typeof second === 'string'
          ? second
          : 'localhost';
    connectCalls.push(host);
    if (isLoopback(host)) return (net.connect as (...a: unknown[]) => Socket)(...args);
    const socket = new net.Socket();
    process.nextTick(() =>
      socket.destroy(
        Object.assign(new Error(`the test refused to connect to ${host}`), {
          code: 'ETESTREFUSED',
        }),
      ),
    );
    return socket;
  }
  // The engine imports connect by name (lt-connections.ts); nothing in it uses the default export.
  return { ...net, connect: guardedConnect, createConnection: guardedConnect };
});

const FAST = {
  probeIntervalMs: 150,
  probeTimeoutMs: 5000,
  probeFailuresToDead: 1,
  backoffInitialMs: 100,
  backoffMaxMs: 400,
  registerTimeoutMs: 2000,
};

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
  connectCalls.length = 0;
});

async function start(server: LtServerOptions) {
  const lt = await startLtServer(server);
  cleanups.push(() => lt.close());
  const { core, close } = await startCoreWithSandbox({ core: { tunnel: FAST } });
  cleanups.push(close);
  return { core, lt };
}

function when(core: Core, match: (s: TunnelStatus) => boolean): Promise<TunnelStatus> {
  return new Promise((resolve) => {
    const off = core.events.on('tunnel.changed', (s) => {
      if (match(s)) {
        off();
        resolve(s);
      }
    });
  });
}

async function tunnelRecords(core: Core): Promise<TunnelRecord['tunnel'][]> {
  const { records } = await core.invoke('log.list', { limit: 5000 });
  return records.flatMap((r) => (r.kind === 'tunnel' ? [r.tunnel] : []));
}

describe('a tunnel server that names an address', () => {
  it.each([
    ['10.0.0.5', 'a private network address (10.0.0.0/8)'],
    [
      '169.254.169.254',
      'a link-local address (169.254.0.0/16; cloud machines serve their credentials there)',
    ],
  ])('is refused for %s before any connection, in words', async (ip, what) => {
    const { core, lt } = await start({ ip });
    const down = when(core, (s) => s.state === 'down');
    await core.invoke('tunnel.start', { host: lt.baseUrl });
    const { reason } = await down;

    expect(reason).toBe(
      `The tunnel server ${lt.baseUrl} asked TP Inspector to open the tunnel's connections to ${ip}, ` +
        `${what}, not the server's own address (127.0.0.1). ` +
        'TP Inspector connects only to the tunnel server itself or to a public address, so that a ' +
        'tunnel server cannot reach into this machine, your network or a cloud metadata service. ' +
        'Use another tunnel server, or your own public URL (ngrok, cloudflared).',
    );
    // The registration went through; no connection was asked for, to that address or any other
    // tunnel address (the receiver's own loopback connections are not the tunnel's).
    expect(lt.registrations).not.toHaveLength(0);
    expect(connectCalls).not.toContain(ip);
    expect(lt.peakConnections(lt.registrations[0]!.id)).toBe(0);
    // The journal has the refusal as a tunnel record.
    expect(await tunnelRecords(core)).toContainEqual(
      expect.objectContaining({ state: 'down', mode: 'localtunnel', reason }),
    );
    await core.invoke('tunnel.stop', {});
    expect(connectCalls).not.toContain(ip);
  });
});

describe('a tunnel server that asks for 100 connections', () => {
  it('gets at most 10', async () => {
    const { core, lt } = await start({ maxConn: 100 });
    const up = when(core, (s) => s.state === 'up');
    await core.invoke('tunnel.start', { host: lt.baseUrl });
    await up;
    const id = lt.registrations[0]!.id;
    await expect
      .poll(() => lt.connections(id), { timeout: 5000, message: 'the pool to be open' })
      .toBeGreaterThanOrEqual(10);
    // A moment more for any connection still on its way to arrive and be counted.
    await new Promise((resolve) => setTimeout(resolve, 500));
    // The most at once (a connection that carried a health check is replaced after it closes).
    expect(lt.peakConnections(id)).toBe(10);
  });
});
