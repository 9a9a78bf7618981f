// A sender whose body keeps moving but never finishes (a trickle) gets the receiver's own 408 and
// a delivery record saying what came, not Node's bare 408 from its requestTimeout with nothing in
// the journal. A stall (no bytes) has its own, shorter deadline: receiver-limits.test.ts.
import { connect } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { isDelivery, startInboundFixture, type InboundFixture } from './inbound-harness';

let f: InboundFixture;
beforeAll(async () => {
  // A byte every 100 ms never stalls for 300 ms, but the whole body may take 800 ms only.
  f = await startInboundFixture({ deliveries: { bodyTimeoutMs: 300, bodyTotalTimeoutMs: 800 } });
});
afterAll(() => f.close());

it('a trickling body is answered 408 after the total deadline, with a record of what came', async () => {
  const endpoint = new URL(f.endpointUrl);
  const socket = connect(Number(endpoint.port), '127.0.0.1');
  const answer = new Promise<string>((resolve) => {
    let text = '';
    socket.on('data', (c) => (text += c.toString()));
    socket.on('close', () => resolve(text));
  });
  socket.write(
    `POST ${endpoint.pathname} HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\n`,
  );
  let sent = 0;
  const trickle = setInterval(() => {
    if (socket.writable) socket.write('a', () => sent++);
  }, 100);
  const started = Date.now();
  const text = await answer.finally(() => clearInterval(trickle));
  const took = Date.now() - started;

  expect(text).toMatch(/^HTTP\/1\.1 408/);
  expect(text).toMatch(/The body took too long: it was not complete after 800 ms/);
  // Answered by the total deadline, not by a stall nor by Node's 70 s requestTimeout.
  expect(took).toBeGreaterThanOrEqual(700);
  expect(took).toBeLessThan(10_000);
  const rec = await f.waitFor(
    (r): r is Extract<typeof r, { kind: 'delivery' }> =>
      isDelivery(r) && (r.delivery.error ?? '').startsWith('The body took too long'),
  );
  expect(rec.delivery.response).toMatchObject({ status: 408, reason: 'refused' });
  // The bytes that came are kept, exactly.
  expect(rec.delivery.body?.text).toMatch(/^a+$/);
  expect(sent).toBeGreaterThan(2);
});
