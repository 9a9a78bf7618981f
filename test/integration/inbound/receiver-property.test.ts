// Property: whatever bytes arrive, the receiver answers (2xx or a 4xx, never a 5xx or silence),
// journals exactly one record before answering, and keeps the body byte for byte.
import fc from 'fast-check';
import { request } from 'undici';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DeliveryRecord } from '../../../src-shared/contract';
import {
  isDelivery,
  signedFields,
  startInboundFixture,
  type InboundFixture,
} from './inbound-harness';

let f: InboundFixture;
beforeAll(async () => {
  f = await startInboundFixture();
});
afterAll(() => f.close());

const bytesOf = (d: DeliveryRecord['delivery']) =>
  d.body!.encoding === 'utf8'
    ? Buffer.from(d.body!.text, 'utf8')
    : Buffer.from(d.body!.text, 'base64');

// Bodies: raw bytes, unicode text, and forms whose fields are random or plausible.
const anyForm = fc
  .record(
    {
      data: fc.oneof(
        fc.string({ unit: 'grapheme' }),
        fc.json(),
        fc.constant('{"id":"m1","type":"text"}'),
      ),
      signature: fc.oneof(fc.string(), fc.stringMatching(/^[0-9a-f]{64}$/)),
      signature_method: fc.constantFrom('HMAC-SHA256', 'HMAC-SHA1', 'RSA-SHA256', 'none', ''),
      extra: fc.string(),
    },
    { requiredKeys: [] },
  )
  .map((fields) => Buffer.from(new URLSearchParams(fields).toString(), 'utf8'));
const body = fc.oneof(
  fc.uint8Array({ maxLength: 4096 }).map((a) => Buffer.from(a)),
  fc.string({ unit: 'binary', maxLength: 2000 }).map((s) => Buffer.from(s, 'utf8')),
  anyForm,
);
const contentType = fc.constantFrom(
  'application/x-www-form-urlencoded',
  'application/x-www-form-urlencoded; charset=utf-8',
  'application/json',
  'text/plain',
);

it('answers every body with 2xx or 4xx, and keeps its exact bytes in one record', async () => {
  await fc.assert(
    fc.asyncProperty(body, contentType, async (bytes, type) => {
      const before = f.records.length;
      const res = await request(f.endpointUrl, {
        method: 'POST',
        headers: { 'content-type': type },
        body: bytes,
      });
      await res.body.dump();
      expect(res.statusCode === 200 || (res.statusCode >= 400 && res.statusCode < 500)).toBe(true);
      // Written before the answer: it is there as soon as the answer is.
      const added = f.records.slice(before).filter(isDelivery);
      expect(added).toHaveLength(1);
      const d = added[0]!.delivery;
      expect(d.response.status).toBe(res.statusCode);
      expect(bytesOf(d).equals(bytes)).toBe(true);
      expect(d.body!.size).toBe(bytes.length);
    }),
    { numRuns: 150 },
  );
});

it('a form signed with the client secret verifies, whatever its data', async () => {
  await fc.assert(
    fc.asyncProperty(fc.string({ unit: 'grapheme', minLength: 1 }), async (data) => {
      const before = f.records.length;
      const form = new URLSearchParams(signedFields(f, data));
      const res = await request(f.endpointUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
      });
      await res.body.dump();
      const d = f.records.slice(before).filter(isDelivery)[0]!.delivery;
      expect(d.form.data).toBe(data);
      expect(d.verification.outcome).toBe('valid');
    }),
    { numRuns: 100 },
  );
});
