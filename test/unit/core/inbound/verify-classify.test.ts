// Signature verification, classification and the HTML report, without a server.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { JournalRecord } from '../../../../src-shared/contract';
import { classify } from '../../../../src-main/core/inbound/classify';
import { toHtmlReport } from '../../../../src-main/core/log/session-export-html';
import { checkShape } from '../../../../src-main/core/inbound/shape-check';
import { verifySignature } from '../../../../src-main/core/inbound/verify-signature';

const secret = 'a-client-secret-long-enough';
const data = '{"id":"m1","type":"text"}';
const base = { data, clientSecret: secret, rsaPublicKeyPem: null };

describe('verifySignature', () => {
  it('HMAC-SHA1: valid, and invalid with the expected value', () => {
    const good = createHmac('sha1', secret).update(data).digest('hex');
    expect(
      verifySignature({ ...base, signature: good, signatureMethod: 'HMAC-SHA1' }).outcome,
    ).toBe('valid');
    const bad = verifySignature({
      ...base,
      signature: good.slice(1),
      signatureMethod: 'HMAC-SHA1',
    });
    // Only its start: the whole would be a valid signature of the data, handed to any reader.
    expect(bad).toMatchObject({ outcome: 'invalid', expected: `${good.slice(0, 8)}…` });
    expect(bad.explanation).toContain(`${good.slice(0, 8)}…`);
    expect(bad.explanation).not.toContain(good);
    expect(bad.explanation).not.toContain(secret);
  });

  it('HMAC-SHA256: hex in either case is valid; anything else of that length is not', () => {
    const good = createHmac('sha256', secret).update(data).digest('hex');
    const outcome = (signature: string) =>
      verifySignature({ ...base, signature, signatureMethod: 'HMAC-SHA256' }).outcome;
    expect(outcome(good)).toBe('valid');
    expect(outcome(good.toUpperCase())).toBe('valid');
    // Same length, not hex (Buffer.from(…, 'hex') would stop at the first bad pair).
    expect(outcome(`${good.slice(0, 62)}zz`)).toBe('invalid');
    expect(outcome(`${good.slice(0, 60)}xx${good.slice(62)}`)).toBe('invalid');
    expect(outcome(`${good} `)).toBe('invalid');
    // One bad character, in the first pair, in the middle or last (half a pair).
    expect(outcome(`g${good.slice(1)}`)).toBe('invalid');
    expect(outcome(`${good.slice(0, 31)}-${good.slice(32)}`)).toBe('invalid');
    expect(outcome(`${good.slice(0, 63)}G`)).toBe('invalid');
    expect(outcome(good.slice(0, 62))).toBe('invalid');
    // Characters whose low byte is a hex digit's (U+0130 reads as '0', U+0161 as 'a' to Node's
    // hex decoder): another spelling of the valid signature, which is not hex.
    const respelled = good.replaceAll('0', '\u0130').replaceAll('a', '\u0161');
    expect(respelled).not.toBe(good);
    expect(Buffer.from(respelled, 'hex').equals(Buffer.from(good, 'hex'))).toBe(true);
    expect(outcome(respelled)).toBe('invalid');
  });

  it('without a client secret or a key, says what to set', () => {
    expect(
      verifySignature({
        ...base,
        clientSecret: undefined,
        signature: 'ab',
        signatureMethod: 'HMAC-SHA256',
      }),
    ).toMatchObject({
      outcome: 'unsupported',
      explanation: expect.stringMatching(/client secret/),
    });
    expect(
      verifySignature({ ...base, signature: 'ab', signatureMethod: 'RSA-SHA256' }),
    ).toMatchObject({
      outcome: 'unsupported',
      explanation: expect.stringMatching(/signing-key\.pem/),
    });
    expect(
      verifySignature({
        ...base,
        rsaPublicKeyPem: 'not a key',
        signature: 'ab',
        signatureMethod: 'RSA-SHA256',
      }),
    ).toMatchObject({
      outcome: 'unsupported',
      explanation: expect.stringMatching(/could not be used/),
    });
  });
});

describe('classify and checkShape', () => {
  it('sorts types into categories', () => {
    expect(classify({ type: 'sticker', id: 'm' })).toMatchObject({
      category: 'message',
      msgType: 'sticker',
    });
    expect(classify({ type: 'group-leave' })).toMatchObject({ category: 'group-event' });
    expect(classify({ type: 'group-archived' })).toMatchObject({ category: 'group-event' });
    expect(classify([1, 2])).toEqual({ category: 'unknown', type: '' });
  });

  it('flags an undocumented group type and a media message without its fields', () => {
    const c = classify({ type: 'group-archived' });
    expect(checkShape({ type: 'group-archived', room: 'r', data: {} }, c)).toContain(
      '`group-archived` is not a group event type the documents name.',
    );
    const m = classify({ type: 'picture' });
    expect(checkShape({ type: 'picture', data: { url: 'u' } }, m)).toEqual(
      expect.arrayContaining(['`data.mime_type` is missing.', '`data.size` is missing.']),
    );
  });
});

it('the HTML report escapes what deliveries carry', () => {
  const record = {
    seq: 1,
    at: '2026-01-01T00:00:00Z',
    kind: 'system',
    summary: '<script>alert(1)</script>',
    system: { level: 'info', message: '<img src=x onerror=alert(1)>' },
  } as JournalRecord;
  const html = toHtmlReport('<b>run</b>', [record], '1.0.0');
  expect(html).not.toMatch(/<script>alert|<img src=x|<b>run/);
  expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
});

it('the HTML report shows what each call sent: its parameters and headers, then the answer', () => {
  const record = {
    seq: 7,
    at: '2026-01-01T00:00:00Z',
    kind: 'api',
    summary: 'POST /tp/message/send.json → 200',
    api: {
      method: 'POST',
      url: 'http://127.0.0.1:5870/tp/message/send.json',
      requestHeaders: { authorization: 'Bearer [redacted]' },
      requestParams: { msg_type: 'text', text: '<b>Hello</b>' },
      status: 200,
      responseHeaders: { 'content-type': 'application/json' },
      responseBody: { encoding: 'utf8', text: '{"message_id":"m1"}', size: 19 },
      timing: { totalMs: 3 },
    },
  } as unknown as JournalRecord;
  const html = toHtmlReport('run', [record], '1.0.0');
  expect(html).toContain('<h3>Request parameters (2)</h3>');
  expect(html).toContain('<tr><th>text</th><td>&lt;b&gt;Hello&lt;/b&gt;</td></tr>');
  expect(html).toContain('\nauthorization: Bearer [redacted]\n');
  expect(html).toContain('HTTP/1.1 200\ncontent-type: application/json\n');
  // Sent before received, as it happened.
  expect(html.indexOf('Request parameters')).toBeLessThan(html.indexOf('message_id'));
});
