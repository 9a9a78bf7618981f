// The tunnel's health check has a route of its own in the receiver: answered before any profile
// routing, with the token it was asked with, and never journaled as a delivery.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkHealth } from '../../../src-main/core/tunnel/health-check';
import { startInboundFixture, type InboundFixture } from './inbound-harness';

let f: InboundFixture;
let other: Server;
let otherUrl: string;
beforeAll(async () => {
  f = await startInboundFixture();
  // Another app that echoes the path in a 404, as the old check accepted.
  other = createServer((req, res) => {
    res.writeHead(404).end(`TP Inspector has no profile with a URL at ${req.url}.`);
  });
  await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
  const addr = other.address();
  otherUrl = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
});
afterAll(async () => {
  await new Promise((r) => other.close(r));
  await f.close();
});

it('answers GET /_tp/health/<token> with 200 and the token, and journals nothing', async () => {
  const base = new URL(f.endpointUrl).origin;
  const before = f.records.length;
  const res = await fetch(`${base}/_tp/health/abc123`);
  expect(res.status).toBe(200);
  expect(await res.text()).toBe('TP Inspector receiver abc123');
  // Let a record that should not exist have its chance to arrive.
  await new Promise((r) => setTimeout(r, 100));
  expect(f.records.slice(before).filter((r) => r.kind === 'delivery')).toEqual([]);
});

it('the health check passes against the receiver and fails against anything else', async () => {
  const base = new URL(f.endpointUrl).origin;
  expect(await checkHealth(base, 5000)).toMatchObject({ ok: true });
  const elsewhere = await checkHealth(otherUrl, 5000);
  expect(elsewhere.ok).toBe(false);
  expect(elsewhere.detail).toContain("HTTP 404, not from TP Inspector's receiver");
});
