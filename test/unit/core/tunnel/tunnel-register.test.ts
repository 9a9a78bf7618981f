// Registration with a localtunnel server: what the server answers is a trust boundary.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  RegistrationRefused,
  TunnelAddressRefused,
  registerTunnel,
} from '../../../../src-main/core/tunnel/lt-register';

let server: Server | null = null;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = null;
});

/** A server that answers every request with this status and body; returns its URL. */
async function answering(status: number, body: string): Promise<{ url: string; seen: string[] }> {
  const seen: string[] = [];
  server = createServer((req, res) => {
    seen.push(req.url ?? '');
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(body);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

describe('registerTunnel', () => {
  it('asks for a random name or the wanted one, and reads the answer', async () => {
    const body = { id: 'abcd', port: 4000, max_conn_count: 3, url: 'https://abcd.example.test/' };
    const { url, seen } = await answering(200, JSON.stringify(body));
    const random = await registerTunnel(`${url}/`, undefined, { timeoutMs: 2000 });
    expect(random).toEqual({
      id: 'abcd',
      url: 'https://abcd.example.test',
      remoteHost: '127.0.0.1',
      remotePort: 4000,
      maxConn: 3,
    });
    await registerTunnel(url, 'my-name', { timeoutMs: 2000 });
    expect(seen).toEqual(['/?new', '/my-name']);
  });

  it('connects to the ip the server names, and opens one connection without max_conn_count', async () => {
    const { url } = await answering(
      200,
      JSON.stringify({ id: 'abcd', port: 4000, url: 'http://x.test', ip: '127.0.0.2' }),
    );
    expect(await registerTunnel(url, undefined, { timeoutMs: 2000 })).toMatchObject({
      remoteHost: '127.0.0.2',
      maxConn: 1,
    });
  });

  it('opens at most 10 connections, whatever max_conn_count says', async () => {
    for (const [asked, opened] of [
      [100, 10],
      [5000, 10],
      [10, 10],
      [3, 3],
    ] as const) {
      const { url } = await answering(
        200,
        JSON.stringify({ id: 'abcd', port: 4000, url: 'http://x.test', max_conn_count: asked }),
      );
      expect(await registerTunnel(url, undefined, { timeoutMs: 2000 })).toMatchObject({
        maxConn: opened,
      });
      await new Promise<void>((resolve) => server!.close(() => resolve()));
      server = null;
    }
  });

  it('refuses an ip that is neither the server itself nor public, saying what to do', async () => {
    const { url } = await answering(
      200,
      JSON.stringify({ id: 'abcd', port: 4000, url: 'http://x.test', ip: '169.254.169.254' }),
    );
    const refused = registerTunnel(url, undefined, { timeoutMs: 2000 });
    await expect(refused).rejects.toBeInstanceOf(TunnelAddressRefused);
    await expect(refused).rejects.toThrow(
      `The tunnel server ${url} asked TP Inspector to open the tunnel's connections to 169.254.169.254, ` +
        'a link-local address (169.254.0.0/16; cloud machines serve their credentials there), ' +
        "not the server's own address (127.0.0.1).",
    );
    await expect(refused).rejects.toThrow(
      'Use another tunnel server, or your own public URL (ngrok, cloudflared).',
    );
  });

  it('says why the server refused', async () => {
    const { url } = await answering(403, JSON.stringify({ message: 'Invalid subdomain.' }));
    const refused = registerTunnel(url, 'ab-cd', { timeoutMs: 2000 });
    await expect(refused).rejects.toBeInstanceOf(RegistrationRefused);
    await expect(refused).rejects.toThrow(
      `refused the registration (HTTP 403: Invalid subdomain.)`,
    );
  });

  it('refuses an answer that is not a registration', async () => {
    for (const body of [
      'not json',
      JSON.stringify({ id: 'abcd', port: 'x', url: 'http://x.test' }),
      JSON.stringify({ id: 'abcd', port: 4000, url: 'file:///etc/passwd' }),
    ]) {
      const { url } = await answering(200, body);
      await expect(registerTunnel(url, undefined, { timeoutMs: 2000 })).rejects.toThrow(
        'not a localtunnel registration',
      );
      await new Promise<void>((resolve) => server!.close(() => resolve()));
      server = null;
    }
  });
});
