// Calls over kept-alive connections (every call but the composer's own sends) when the server
// closes an idle connection just as a call reuses it: the call did not reach the server, so it is
// sent once more and answers as if nothing happened. A connection closed before it answered
// anything is the server's failure, and is not sent twice.
import { createServer, type AddressInfo, type Server } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { sendHttp } from '../../../src-main/core/api/http-client';

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/**
 * A raw HTTP server that answers `answered` requests on each connection, then closes the
 * connection when the next one arrives (what an idle timeout racing a reuse looks like).
 */
async function closingServer(answered: number) {
  const seen = { connections: 0, requests: 0 };
  const server = createServer((socket) => {
    seen.connections += 1;
    let onThis = 0;
    socket.on('data', (data) => {
      if (!data.toString('latin1').includes('\r\n\r\n')) return;
      seen.requests += 1;
      onThis += 1;
      if (onThis > answered) socket.destroy();
      else socket.write('HTTP/1.1 200 OK\r\ncontent-length: 2\r\nkeep-alive: timeout=30\r\n\r\n{}');
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/tp/token`, seen };
}

const post = (url: string) =>
  sendHttp({ method: 'POST', url, headers: {}, body: 'grant_type=client_credentials' });

it('sends a call again when the server closed the kept-alive connection it reused', async () => {
  const server = await closingServer(1);
  const statuses: Array<number | null> = [];
  const errors: string[] = [];
  const resent: string[] = [];
  for (let i = 0; i < 4; i++) {
    const result = await post(server.url);
    statuses.push(result.status);
    if (result.error) errors.push(result.error);
    if (result.resent) resent.push(result.resent);
    // Idle long enough for the pool to hand the same connection out again.
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(errors).toEqual([]);
  expect(statuses).toEqual([200, 200, 200, 200]);
  // Some call found its connection closed and went again on a new one, and says so.
  expect(server.seen.requests).toBeGreaterThan(4);
  expect(resent).toHaveLength(server.seen.requests - 4);
  for (const why of resent) {
    expect(why).toMatch(/^127\.0\.0\.1:\d+ closed the kept-alive connection of the first try/);
  }
});

it('does not send a call twice when a new connection closes without an answer', async () => {
  const server = await closingServer(0);
  const result = await post(server.url);
  expect(result.status).toBeNull();
  expect(result.error).toMatch(/closed the connection before answering/);
  expect(result.resent).toBeUndefined();
  expect(server.seen.requests).toBe(1);
});

it('does not send a call of its own connection twice (the composer measures that one)', async () => {
  const server = await closingServer(0);
  const result = await sendHttp({
    method: 'POST',
    url: server.url,
    headers: {},
    body: 'x=1',
    measurePhases: true,
  });
  expect(result.status).toBeNull();
  expect(server.seen.requests).toBe(1);
});
