// What is not a delivery gets a clear 4xx and a record, never a crash or a hang: wrong method,
// wrong content type, no data, data that is not JSON, a body over 25 MiB, a sender that stalls.
import { connect } from 'node:net';
import { Readable } from 'node:stream';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_DELIVERY_BYTES } from '../../../src-main/core/inbound/deliveries';
import {
  form,
  isDelivery,
  messageData,
  post,
  startInboundFixture,
  type InboundFixture,
} from './inbound-harness';

let f: InboundFixture;
beforeAll(async () => {
  f = await startInboundFixture();
});
afterAll(() => f.close());

const lastDelivery = () => f.records.filter(isDelivery).at(-1)!.delivery;

describe('requests that are not deliveries', () => {
  it('GET: 405 and a record', async () => {
    const res = await request(f.endpointUrl);
    expect(res.statusCode).toBe(405);
    expect(await res.body.text()).toMatch(/takes POST/);
    expect(lastDelivery()).toMatchObject({
      method: 'GET',
      response: { status: 405, reason: 'refused' },
    });
  });

  it('JSON instead of a form: 415, the body still kept', async () => {
    const body = JSON.stringify({ data: 'x' });
    const res = await post(f.endpointUrl, body, 'application/json');
    expect(res.status).toBe(415);
    expect(res.text).toMatch(/application\/x-www-form-urlencoded/);
    expect(lastDelivery().body).toEqual({ encoding: 'utf8', text: body, size: body.length });
    expect(lastDelivery().error).toMatch(/application\/json/);
  });

  it('a form without data: 400', async () => {
    const res = await post(f.endpointUrl, form({ signature: 'x' }));
    expect(res.status).toBe(400);
    expect(res.text).toMatch(/no `data` field/);
  });

  it('data that is not JSON: 400, verification still reported', async () => {
    const res = await post(
      f.endpointUrl,
      form({ data: '{not json', signature: 'ab', signature_method: 'HMAC-SHA256' }),
    );
    expect(res.status).toBe(400);
    expect(lastDelivery().verification.outcome).toBe('invalid');
    expect(lastDelivery().shapeIssues[0]).toMatch(/not JSON/);
  });

  it('bytes that are not UTF-8 are kept exactly, as base64', async () => {
    const bytes = Buffer.concat([
      Buffer.from(`${form({ data: messageData('m-bin') })}&x=`),
      Buffer.from([0xff, 0xfe, 0x80]),
    ]);
    const res = await post(f.endpointUrl, bytes);
    expect(res.status).toBe(200);
    const d = lastDelivery();
    expect(d.body!.encoding).toBe('base64');
    expect(Buffer.from(d.body!.text, 'base64').equals(bytes)).toBe(true);
    expect(d.shapeIssues).toContain('The body is not valid UTF-8.');
  });

  it('a body over 25 MiB: 413, the receiver keeps working', async () => {
    const big = Buffer.alloc(MAX_DELIVERY_BYTES + 1, 0x61);
    const res = await request(f.endpointUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: big,
    });
    expect(res.statusCode).toBe(413);
    expect(await res.body.text()).toMatch(/larger than the receiver's limit of 26214400 bytes/);
    expect(lastDelivery()).toMatchObject({ body: null, response: { status: 413 } });
    // Exactly at the limit is still a delivery (here a malformed one, but read and kept).
    const atLimit = Buffer.alloc(MAX_DELIVERY_BYTES, 0x61);
    const ok = await post(f.endpointUrl, atLimit);
    expect(ok.status).toBe(400);
    expect(lastDelivery().body!.size).toBe(MAX_DELIVERY_BYTES);
  });

  it('a chunked body that grows over the limit is cut off with 413', async () => {
    async function* chunks() {
      const mib = Buffer.alloc(1024 * 1024, 0x62);
      for (let i = 0; i < 30; i++) yield mib;
    }
    const res = await request(f.endpointUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: Readable.from(chunks()),
    }).catch((err: unknown) => err as Error);
    // The answer comes before the sender is done; either it is read, or the socket was closed
    // under a sender that kept writing. The record is there either way.
    if (!(res instanceof Error)) expect(res.statusCode).toBe(413);
    await f.waitFor(
      (r): r is Extract<typeof r, { kind: 'delivery' }> =>
        isDelivery(r) &&
        r.delivery.response.status === 413 &&
        r.delivery.headers['transfer-encoding'] === 'chunked',
    );
  });

  it('a sender that stalls mid-body gets 408 with what it sent', async () => {
    const { port } = new URL(f.endpointUrl);
    const socket = connect(Number(port), '127.0.0.1');
    const answer = new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (c) => (text += c.toString()));
      socket.on('close', () => resolve(text));
    });
    socket.write(
      `POST ${new URL(f.endpointUrl).pathname} HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\ndata=%7B`,
    );
    const text = await answer;
    expect(text).toMatch(/^HTTP\/1\.1 408/);
    expect(text).toMatch(/no bytes for 300 ms \(8 bytes came/);
    expect(lastDelivery()).toMatchObject({ body: { text: 'data=%7B' }, response: { status: 408 } });
  });

  it('a sender that hangs up mid-body is recorded, and nothing crashes', async () => {
    const { port } = new URL(f.endpointUrl);
    const socket = connect(Number(port), '127.0.0.1');
    socket.write(
      `POST ${new URL(f.endpointUrl).pathname} HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\ndata=abc`,
    );
    await new Promise((r) => setTimeout(r, 20));
    socket.destroy();
    const rec = await f.waitFor(
      (r): r is Extract<typeof r, { kind: 'delivery' }> =>
        isDelivery(r) && (r.delivery.error ?? '').includes('closed the connection'),
    );
    expect(rec.delivery.body!.text).toBe('data=abc');
    expect((await post(f.endpointUrl, form({ data: messageData('m-after') }))).status).toBe(200);
  });
});
