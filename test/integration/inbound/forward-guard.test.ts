// Forward-to on the public edge (docs/security.md, Forwarding): anyone who knows the tunnel's URL
// can post to the receiver, so a forward carries only verified deliveries (unless the target takes
// unverified ones too, told in a header), only the platform's own headers, and never goes back to
// the receiver itself.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ForwardRecord, JournalRecord } from '../../../src-shared/contract';
import { createInboundSettings } from '../../../src-main/core/inbound/inbound-settings';
import {
  FORWARD_HEADER,
  SIGNATURE_OUTCOME_HEADER,
} from '../../../src-main/core/inbound/forward-guard';
import {
  form,
  isDelivery,
  isForward,
  messageData,
  signedFields,
  startInboundFixture,
  type InboundFixture,
} from './inbound-harness';

let f: InboundFixture;
let target: Server;
const got: { path: string; body: Buffer; headers: IncomingMessage['headers'] }[] = [];
beforeAll(async () => {
  f = await startInboundFixture();
  const { baseUrl } = await f.core.invoke('inbound.status', {});
  target = createServer((req, res) => {
    // The tunnel's health check is relayed to the receiver, so that this server can stand for a
    // public URL of the receiver (as an ngrok URL would) in the last test.
    if (req.url?.startsWith('/_tp/health/')) {
      void fetch(`${baseUrl}${req.url}`).then(async (r) =>
        res.writeHead(r.status).end(await r.text()),
      );
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      got.push({ path: req.url ?? '', body: Buffer.concat(chunks), headers: req.headers });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
});
afterAll(async () => {
  target.close();
  await f.close();
});
afterEach(async () => {
  await f.core.invoke('tunnel.stop', {});
  await f.core.invoke('inbound.setForwards', {
    forwards: { targets: [], forwardUnverified: [] },
  });
});

const targetUrl = (path = '/hook') =>
  `http://127.0.0.1:${(target.address() as AddressInfo).port}${path}`;
const hooks = () => got.filter((g) => g.path === '/hook');

/** A delivery posted as a stranger behind a tunnel would: with cookies, credentials, proxies. */
async function postDelivery(body: string, extra: Record<string, string> = {}) {
  const res = await request(f.endpointUrl, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'user-agent': 'sandbox-platform',
      cookie: 'session=stolen',
      authorization: 'Bearer sender-credential',
      'x-forwarded-for': '203.0.113.9',
      'x-forwarded-host': 'evil.example',
      ...extra,
    },
    body,
  });
  await res.body.dump();
  return res.statusCode;
}

/** The forward record of the delivery whose message id is `id`. */
async function forwardOf(id: string): Promise<ForwardRecord> {
  const delivery = await f.waitFor(
    (r: JournalRecord): r is JournalRecord =>
      isDelivery(r) && r.delivery.classification.messageId === id,
  );
  return f.waitFor(
    (r: JournalRecord): r is ForwardRecord =>
      isForward(r) && r.forward.deliverySeq === delivery.seq,
  );
}

const badlySigned = (id: string) =>
  form({ data: messageData(id), signature: '00'.repeat(32), signature_method: 'HMAC-SHA256' });

describe('forward-to on the public edge', () => {
  it('does not forward a delivery whose signature is invalid, even when it was answered 401', async () => {
    await f.core.invoke('inbound.setResponse', { response: { rejectUnverified: true } });
    await f.core.invoke('inbound.setForwards', { forwards: { targets: [targetUrl()] } });
    const before = hooks().length;
    expect(await postDelivery(badlySigned('m-forged'))).toBe(401);
    const forward = await forwardOf('m-forged');
    await f.core.invoke('inbound.setResponse', { response: { rejectUnverified: false } });
    expect(forward.forward.notForwarded?.reason).toBe('signature-invalid');
    expect(forward.summary).toMatch(/not forwarded: signature invalid/);
    expect(forward.forward.exchange.status).toBeNull();
    // A valid one after it still arrives, so the target was reachable all along.
    await postDelivery(form(signedFields(f, messageData('m-genuine'))));
    expect((await forwardOf('m-genuine')).forward.exchange.status).toBe(200);
    expect(hooks().length).toBe(before + 1);
    expect(hooks().at(-1)!.body.toString()).toContain('m-genuine');
  });

  it('does not forward an unsigned delivery, and says so', async () => {
    await f.core.invoke('inbound.setForwards', { forwards: { targets: [targetUrl()] } });
    await postDelivery(form({ data: messageData('m-unsigned') }));
    expect((await forwardOf('m-unsigned')).forward.notForwarded?.reason).toBe('signature-missing');
  });

  it('forwards unverified deliveries to a target that takes them, with the outcome in a header', async () => {
    const saved = await f.core.invoke('inbound.setForwards', {
      forwards: { targets: [targetUrl()], forwardUnverified: [targetUrl()] },
    });
    expect(saved.forwards.forwardUnverified).toEqual([targetUrl()]);
    await postDelivery(badlySigned('m-forged-ok'));
    expect((await forwardOf('m-forged-ok')).forward.exchange.status).toBe(200);
    const sent = hooks().at(-1)!;
    expect(sent.body.toString()).toContain('m-forged-ok');
    expect(sent.headers[SIGNATURE_OUTCOME_HEADER]).toBe('invalid');
  });

  it('sends on only the platform’s headers and its own marks: no cookie, credentials or proxy headers', async () => {
    await f.core.invoke('inbound.setForwards', { forwards: { targets: [targetUrl()] } });
    await postDelivery(form(signedFields(f, messageData('m-headers'))), {
      [SIGNATURE_OUTCOME_HEADER]: 'valid-trust-me',
      'x-custom': 'anything',
    });
    await forwardOf('m-headers');
    const sent = hooks().at(-1)!;
    expect(sent.body.toString()).toContain('m-headers');
    for (const name of [
      'cookie',
      'authorization',
      'x-forwarded-for',
      'x-forwarded-host',
      'x-custom',
      SIGNATURE_OUTCOME_HEADER,
    ]) {
      expect(sent.headers[name], name).toBeUndefined();
    }
    expect(sent.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(sent.headers['user-agent']).toBe('sandbox-platform');
    expect(sent.headers[FORWARD_HEADER]).toMatch(/^\d+$/);
  });

  it('drops a delivery that carries TP Inspector’s forward mark (a loop), journaling why', async () => {
    await f.core.invoke('inbound.setForwards', { forwards: { targets: [targetUrl()] } });
    const before = hooks().length;
    await postDelivery(form(signedFields(f, messageData('m-looped'))), { [FORWARD_HEADER]: '7' });
    const forward = await forwardOf('m-looped');
    expect(forward.forward.notForwarded).toMatchObject({
      reason: 'loop',
      explanation: expect.stringContaining(FORWARD_HEADER),
    });
    expect(forward.summary).toMatch(/not forwarded: forwarded by TP Inspector already \(loop\)/);
    await postDelivery(form(signedFields(f, messageData('m-after-loop'))));
    await forwardOf('m-after-loop');
    expect(hooks().length).toBe(before + 1);
    expect(hooks().at(-1)!.body.toString()).toContain('m-after-loop');
  });

  it('refuses a target that is the receiver, under any name of loopback, when saving', async () => {
    const { baseUrl } = await f.core.invoke('inbound.status', {});
    const port = new URL(baseUrl).port;
    for (const self of [
      `${baseUrl}/somewhere`,
      `http://localhost:${port}/hooks/x`,
      `http://[::1]:${port}/`,
      `http://127.0.0.1:${port}`,
    ]) {
      await expect(
        f.core.invoke('inbound.setForwards', { forwards: { targets: [targetUrl(), self] } }),
        self,
      ).rejects.toMatchObject({
        code: 'invalid_input',
        message: expect.stringMatching(/is this receiver .*Forward to your own server/),
      });
    }
    expect((await f.core.invoke('inbound.settings', {})).forwards.targets).toEqual([]);
  });

  it('refuses a target that became the receiver’s public URL after it was saved, at forward time', async () => {
    const publicUrl = targetUrl('');
    await f.core.invoke('inbound.setForwards', { forwards: { targets: [targetUrl()] } });
    // Now the person says that this URL is where the receiver is reached from outside.
    await f.core.invoke('tunnel.useOwnUrl', { publicUrl });
    await expect
      .poll(async () => (await f.core.invoke('tunnel.status', {})).state, {
        timeout: 10_000,
        message: 'the own public URL to pass its health check',
      })
      .toBe('up');
    await expect(
      f.core.invoke('inbound.setForwards', { forwards: { targets: [targetUrl('/other')] } }),
    ).rejects.toMatchObject({ code: 'invalid_input' });
    const before = hooks().length;
    await postDelivery(form(signedFields(f, messageData('m-self'))));
    const forward = await forwardOf('m-self');
    expect(forward.forward.notForwarded?.reason).toBe('target-is-receiver');
    expect(forward.summary).toMatch(/not forwarded: target is this receiver/);
    expect(hooks().length).toBe(before);
  });

  it('a change to one forward setting keeps the others (the switch alone, the timeout alone)', async () => {
    await f.core.invoke('inbound.setForwards', { forwards: { targets: [targetUrl()] } });
    await f.core.invoke('inbound.setForwards', { forwards: { forwardUnverified: [targetUrl()] } });
    const saved = await f.core.invoke('inbound.setForwards', { forwards: { timeoutMs: 4000 } });
    expect(saved.forwards).toEqual({
      targets: [targetUrl()],
      forwardUnverified: [targetUrl()],
      timeoutMs: 4000,
    });
    // A removed target loses its switch: added again, it takes verified deliveries only.
    const removed = await f.core.invoke('inbound.setForwards', { forwards: { targets: [] } });
    expect(removed.forwards.forwardUnverified).toEqual([]);
  });

  it('keeps settings saved before "forward unverified too" existed readable: it is off', async () => {
    const stored = new Map<string, unknown>([
      ['inbound:p1', { forwards: { targets: ['http://127.0.0.1:3000/hooks'], timeoutMs: 5000 } }],
    ]);
    const settings = createInboundSettings({
      get: (k) => stored.get(k),
      set: (k, v) => void stored.set(k, v),
      delete: (k) => void stored.delete(k),
    });
    expect(settings.get('p1').forwards).toEqual({
      targets: ['http://127.0.0.1:3000/hooks'],
      timeoutMs: 5000,
      forwardUnverified: [],
    });
  });
});
