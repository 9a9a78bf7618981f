// The structural diff (src-shared/rules/structural-diff.ts) and what of a record it compares
// (src-shared/rules/record-comparable.ts).
import { describe, expect, it } from 'vitest';
import type { ApiRecord, DeliveryRecord } from '../../../src-shared/contract';
import {
  MAX_CHANGES,
  isVolatileKey,
  pathText,
  structuralDiff,
} from '../../../src-shared/rules/structural-diff';
import { comparableRecord } from '../../../src-shared/rules/record-comparable';

const paths = (left: unknown, right: unknown) =>
  structuralDiff(left, right).changes.map((c) => `${c.kind} ${pathText(c.path)}`);

describe('structuralDiff', () => {
  it('names the leaf that changed, and counts the equal ones', () => {
    const diff = structuralDiff(
      { type: 'message', message: { text: 'Hello', msg_type: 'text' } },
      { type: 'message', message: { text: 'Bye', msg_type: 'text' } },
    );
    expect(diff.changes).toEqual([
      { path: ['message', 'text'], kind: 'changed', left: 'Hello', right: 'Bye', volatile: false },
    ]);
    expect(diff.same).toBe(2);
    expect(diff.truncated).toBe(false);
  });

  it('says what was added and removed, in objects and arrays', () => {
    expect(paths({ a: 1, b: [1, 2, 3] }, { b: [1, 5], c: null })).toEqual([
      'removed a',
      'changed b[1]',
      'removed b[2]',
      'added c',
    ]);
    expect(paths([1], [1, { x: 1 }])).toEqual(['added [1]']);
  });

  it('tells values of different shapes apart (an object and an array, null and a string)', () => {
    expect(paths({ a: {} }, { a: [] })).toEqual(['changed a']);
    expect(paths({ a: null }, { a: 'null' })).toEqual(['changed a']);
    expect(paths({ a: 1 }, { a: '1' })).toEqual(['changed a']);
    expect(structuralDiff({ a: { b: [1] } }, { a: { b: [1] } }).changes).toEqual([]);
  });

  it('marks changes under volatile fields, whole subtrees included', () => {
    const diff = structuralDiff(
      { message_id: 'm1', timestamp: 1, access_token: 'a', sender: { id: 'u1', name: 'Ada' } },
      { message_id: 'm2', timestamp: 2, access_token: 'b', sender: { id: 'u2', name: 'Bob' } },
    );
    expect(diff.changes.map((c) => [pathText(c.path), c.volatile])).toEqual([
      ['message_id', true],
      ['timestamp', true],
      ['access_token', true],
      ['sender.id', true],
      ['sender.name', false],
    ]);
    const nested = structuralDiff({ tokens: { a: 1 } }, { tokens: { a: 2 } });
    expect(nested.changes[0]?.volatile).toBe(true);
  });

  it('stops listing at MAX_CHANGES and says so', () => {
    const left = Array.from({ length: MAX_CHANGES + 5 }, (_, i) => i);
    const diff = structuralDiff(
      left,
      left.map((i) => i + 1),
    );
    expect(diff.changes).toHaveLength(MAX_CHANGES);
    expect(diff.truncated).toBe(true);
  });

  it('compares values nested past its depth whole, without overflowing the stack', () => {
    let a: unknown = 1;
    let b: unknown = 2;
    for (let i = 0; i < 10_000; i++) {
      a = { n: a };
      b = { n: b };
    }
    const diff = structuralDiff(a, b);
    expect(diff.changes).toHaveLength(1);
    expect(diff.changes[0]?.path).toHaveLength(64);
  });
});

describe('isVolatileKey', () => {
  it('goes by the last word of the key, in any casing', () => {
    for (const key of ['id', 'message_id', 'x-request-id', 'userId', 'X-Signature', 'created_at'])
      expect(isVolatileKey(key), key).toBe(true);
    for (const key of ['Date', 'timestamp', 'refresh_token', 'etag', 'Authorization'])
      expect(isVolatileKey(key), key).toBe(true);
    for (const key of ['signature_method', 'expires_in', 'text', 'msg_type', 'identity', 'state'])
      expect(isVolatileKey(key), key).toBe(false);
  });
});

describe('pathText', () => {
  it('writes keys that are not identifiers in brackets', () => {
    expect(pathText(['headers', 'content-type'])).toBe('headers["content-type"]');
    expect(pathText(['data', 'items', 2, 'name'])).toBe('data.items[2].name');
    expect(pathText([])).toBe('');
  });
});

describe('comparableRecord', () => {
  const delivery = (text: string, id: string) =>
    ({
      seq: 1,
      at: '2026-01-01T00:00:00Z',
      summary: 's',
      kind: 'delivery',
      delivery: {
        method: 'POST',
        path: '/hooks/sandbox',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        form: {
          data: JSON.stringify({ type: 'message', message: { message_id: id, text } }),
          signature: `sig-${id}`,
          signatureMethod: 'HMAC-SHA256',
        },
        verification: { outcome: 'valid', method: 'HMAC-SHA256', explanation: '' },
        response: { status: 200, body: 'OK', delayMs: 0, reason: 'configured' },
        shapeIssues: [],
      },
    }) as unknown as DeliveryRecord;

  it("parses a delivery's data, so two texts differ at the text and the ids are volatile", () => {
    const diff = structuralDiff(
      comparableRecord(delivery('Hello', 'm1')),
      comparableRecord(delivery('Bye', 'm2')),
    );
    expect(diff.changes.map((c) => [pathText(c.path), c.volatile])).toEqual([
      ['data.message.message_id', true],
      ['data.message.text', false],
      ['form.signature', true],
    ]);
  });

  it('keeps data that is not JSON as its text', () => {
    const record = delivery('x', 'm1');
    record.delivery.form.data = 'not json';
    expect(comparableRecord(record).data).toBe('not json');
  });

  it("parses a call's JSON response body, and keeps bytes that are not UTF-8 as base64", () => {
    const call = (body: string, encoding: 'utf8' | 'base64' = 'utf8') =>
      ({
        seq: 1,
        at: '2026-01-01T00:00:00Z',
        summary: 's',
        kind: 'api',
        api: {
          method: 'POST',
          url: 'https://p.test/tp/message/send.json',
          requestHeaders: { date: 'today' },
          requestParams: { msg_type: 'text' },
          status: 200,
          responseHeaders: {},
          responseBody: { encoding, text: body, size: body.length },
          timing: { totalMs: 1, ttfbMs: null, downloadMs: null },
        },
      }) as ApiRecord;
    const diff = structuralDiff(
      comparableRecord(call('{"ok":true,"message_id":"a"}')),
      comparableRecord(call('{"ok":false,"message_id":"b"}')),
    );
    expect(diff.changes.map((c) => [pathText(c.path), c.volatile])).toEqual([
      ['responseBody.ok', false],
      ['responseBody.message_id', true],
    ]);
    expect(comparableRecord(call('/9j/', 'base64')).responseBody).toEqual({ base64: '/9j/' });
  });
});
