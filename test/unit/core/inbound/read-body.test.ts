// Reading bodies: every read in flight shares one deadline timer, so each read's own limits must
// still hold while others with other limits are read beside it.
import { PassThrough } from 'node:stream';
import type { IncomingMessage } from 'node:http';
import { expect, it } from 'vitest';
import { readBody } from '../../../../src-main/core/inbound/read-body';

const request = () => new PassThrough() as unknown as IncomingMessage & PassThrough;
const slow = { maxBytes: 1000, timeoutMs: 60, totalTimeoutMs: 10_000 };
const patient = { maxBytes: 1000, timeoutMs: 10_000, totalTimeoutMs: 10_000 };

it('a stalled body times out by its own limit while a patient one beside it completes', async () => {
  const stalled = request();
  const moving = request();
  const stalledRead = readBody(stalled, slow);
  const movingRead = readBody(moving, patient);
  stalled.write('abc');
  moving.write('data=');
  expect(await stalledRead).toEqual({ kind: 'timeout', bytes: Buffer.from('abc') });
  moving.end('1');
  const done = await movingRead;
  expect(done.kind).toBe('ok');
  expect(done.kind === 'ok' && done.bytes.toString()).toBe('data=1');
});

it('a body that keeps moving is cut by the total deadline', async () => {
  const trickle = request();
  const read = readBody(trickle, { maxBytes: 1000, timeoutMs: 200, totalTimeoutMs: 300 });
  const timer = setInterval(() => trickle.write('a'), 20);
  const result = await read.finally(() => clearInterval(timer));
  expect(result.kind).toBe('too-slow');
  expect(result.kind === 'too-slow' && /^a+$/.test(result.bytes.toString())).toBe(true);
});

it('a body over the cap, and a sender that leaves, end their reads', async () => {
  const big = request();
  const bigRead = readBody(big, { ...patient, maxBytes: 4 });
  big.write('12345');
  expect(await bigRead).toEqual({ kind: 'too-large', received: 5 });
  const gone = request();
  const goneRead = readBody(gone, patient);
  gone.write('ab');
  gone.destroy();
  expect(await goneRead).toEqual({ kind: 'aborted', bytes: Buffer.from('ab') });
});

it('a read that timed out leaves no listener on the request', async () => {
  const req = request();
  const read = readBody(req, slow);
  expect((await read).kind).toBe('timeout');
  expect(req.listenerCount('data')).toBe(0);
  expect(req.listenerCount('end')).toBe(0);
});
