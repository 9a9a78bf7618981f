// A request target that URL cannot parse (`//`, `http://`) once threw out of the receiver's
// request listener and ended the whole process (found by npm run fuzz): it is answered 400, and
// the receiver goes on answering.
import { connect } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startInboundFixture, type InboundFixture } from './inbound-harness';

let f: InboundFixture;
beforeAll(async () => {
  f = await startInboundFixture();
});
afterAll(() => f.close());

/** The status line of the answer to `head` sent on a raw socket (undici refuses such targets). */
function statusLineOf(port: number, head: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' });
    let seen = '';
    socket.on('data', (d: Buffer) => {
      seen += d.toString('latin1');
      const eol = seen.indexOf('\r\n');
      if (eol >= 0) {
        socket.destroy();
        resolve(seen.slice(0, eol));
      }
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(seen));
    socket.write(head);
  });
}

it.each(['//', 'http://', '//x:99999/a'])(
  'answers 400 to the target %j and stays up',
  async (target) => {
    const { port } = new URL(f.endpointUrl);
    const line = await statusLineOf(
      Number(port),
      `POST ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n\r\n`,
    );
    expect(line).toMatch(/^HTTP\/1\.1 400 /);
    const health = await fetch(new URL('/_tp/health/after', f.endpointUrl));
    expect(health.status).toBe(200);
  },
);
