// No single request stops the engine: every server it runs (the headless host's HTTP port and
// WebSocket upgrade, the loopback redirect listener of a waiting connect flow, the receiver and the
// embedded sandbox) answers each request-target form of RFC 9112 §3.2, well-formed or not, with a
// 4xx and keeps answering. They all run in this process, so an error thrown in one of their
// listeners (as `new URL('//', base)` once did in the host's upgrade handler and in the redirect
// listener, ending the process) is an unhandled error that fails this file.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpHost, type HttpHost } from '../../../src-main/headless/http-host';
import { startCoreWithSandbox, type CoreFixture } from '../../helpers/core-fixture';
import { sendRaw } from '../../helpers/raw-socket';

const TOKEN = 'request-targets-token-0123456789abcdefghijkl';

let fx: CoreFixture;
let host: HttpHost;
let rendererDir: string;
const ports = { host: 0, redirect: 0, receiver: 0, sandbox: 0 };

beforeAll(async () => {
  fx = await startCoreWithSandbox();
  rendererDir = mkdtempSync(join(tmpdir(), 'tp-renderer-'));
  host = await startHttpHost({ core: fx.core, rendererDir, port: 0, token: TOKEN });
  // The redirect listener is up while a connect flow waits for the browser's return.
  await fx.core.invoke('auth.connectUser', { scopes: ['basic'] });
  ports.host = host.port;
  ports.redirect = Number(new URL(fx.sandbox.apps[0]!.redirect_uri).port);
  ports.receiver = Number(
    new URL((await fx.core.invoke('inbound.status', {})).suggested.endpointUrl).port,
  );
  ports.sandbox = Number(new URL(fx.sandbox.baseUrl).port);
});
afterAll(async () => {
  await host?.close();
  await fx?.close();
  if (rendererDir) rmSync(rendererDir, { recursive: true, force: true });
});

type ServerName = keyof typeof ports;

/** A request each server answers when it is up (the answer itself does not matter here). */
const GOOD_TARGET: Record<ServerName, string> = {
  host: `/?token=${TOKEN}`,
  redirect: '/elsewhere',
  receiver: '/_tp/health/up',
  sandbox: '/_sandbox/state',
};
const goodRequest = (server: ServerName) =>
  `GET ${GOOD_TARGET[server]} HTTP/1.1\r\nHost: 127.0.0.1:${ports[server]}\r\n\r\n`;

/** The request-target forms of RFC 9112 §3.2, and targets broken in each way URL can break. */
const TARGETS = [
  '//',
  '//x',
  '//x:99999/a',
  '*',
  'http://evil.example/x',
  'http://',
  '127.0.0.1:80',
  '/%zz',
  '/%',
  `/${'a'.repeat(100_000)}`,
];

/** The Host a browser sends (the host refuses any other: docs/security.md). */
const request = (method: string, target: string, host: string) =>
  `${method} ${target} HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`;

/** A WebSocket handshake from another site's page, as `new WebSocket(...)` there sends it. */
const foreignUpgrade = (target: string, host: string) =>
  `GET ${target} HTTP/1.1\r\nHost: ${host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
  'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n' +
  'Origin: http://evil.example\r\n\r\n';

/** Each case's bytes, given the Host a browser would send to the server's port. */
const CASES: { name: string; bytes: (host: string) => string }[] = [
  ...TARGETS.flatMap((t) => [
    { name: `GET ${t.slice(0, 30)}`, bytes: (host: string) => request('GET', t, host) },
    { name: `POST ${t.slice(0, 30)}`, bytes: (host: string) => request('POST', t, host) },
  ]),
  { name: 'OPTIONS *', bytes: (host) => request('OPTIONS', '*', host) },
  { name: 'a Host that is not a host', bytes: () => request('GET', '/', 'a b') },
  { name: 'foreign upgrade at //', bytes: (host) => foreignUpgrade('//', host) },
  { name: 'foreign upgrade at /ws', bytes: (host) => foreignUpgrade('/ws', host) },
  { name: 'foreign upgrade at http://', bytes: (host) => foreignUpgrade('http://', host) },
];

describe.each(Object.keys(ports) as ServerName[])('the %s', (server) => {
  it.each(CASES)('answers $name with a 4xx and goes on answering', async ({ bytes }) => {
    const answer = await sendRaw(ports[server], bytes(`127.0.0.1:${ports[server]}`));
    expect(answer.status, answer.text.slice(0, 200)).toBeGreaterThanOrEqual(400);
    expect(answer.status, answer.text.slice(0, 200)).toBeLessThan(500);
    const after = await sendRaw(ports[server], goodRequest(server));
    expect(after.status).not.toBeNull();
  });

  it('closes the connection of CONNECT host:port (no server here is a proxy)', async () => {
    const answer = await sendRaw(
      ports[server],
      'CONNECT 127.0.0.1:80 HTTP/1.1\r\nHost: 127.0.0.1:80\r\n\r\n',
      { waitForClose: true },
    );
    expect(answer.closed).toBe(true);
    if (answer.status !== null) expect(answer.status).toBeGreaterThanOrEqual(400);
    const after = await sendRaw(ports[server], goodRequest(server));
    expect(after.status).not.toBeNull();
  });
});

it('refuses a bad WebSocket upgrade with a 4xx and closes its socket', async () => {
  for (const target of ['//', '//x', 'http://', '*', '/%']) {
    const answer = await sendRaw(ports.host, foreignUpgrade(target, `127.0.0.1:${ports.host}`), {
      waitForClose: true,
    });
    expect(answer.status, target).toBeGreaterThanOrEqual(400);
    expect(answer.status, target).toBeLessThan(500);
    expect(answer.closed, target).toBe(true);
  }
});

it('keeps the connect flow waiting after all of them', async () => {
  const flow = await fx.core.invoke('auth.flow', {});
  expect(flow?.status).toBe('waiting');
});
