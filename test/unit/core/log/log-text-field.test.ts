// The search's shortcut (log-text-field.ts) takes a match in a line's bytes for a match of the record
// when it is in a field the search looks in: it must name exactly the fields the filter itself
// searches (src-shared/rules/log-filter.ts), for every kind, or counts would drift from the plain
// scan's; and it must not take a match that an escape sequence reaches into.
import { describe, expect, it } from 'vitest';
import type { JournalRecord } from '../../../../src-shared/contract';
import { compileFilter } from '../../../../src-shared/rules/log-filter';
import { KINDS } from '../../../../src-main/core/log/journal-index';
import { matchInSearchedField } from '../../../../src-main/core/log/log-text-field';

const exchange = {
  method: 'POST',
  url: 'http://127.0.0.1/x',
  requestHeaders: { 'content-type': 'text/plain' },
  requestParams: { user_id: 'u1', text: 'hello' },
  status: null,
  error: 'refused',
  responseHeaders: { 'content-type': 'text/plain' },
  responseBody: { encoding: 'utf8', text: 'body', size: 4 },
  timing: { totalMs: 1, ttfbMs: 1, downloadMs: 0 },
};
/** One record of each kind with every string field the schema has. */
const SAMPLES = [
  { seq: 1, at: 't', kind: 'api', summary: 's', profileId: 'p', api: exchange },
  {
    seq: 2,
    at: 't',
    kind: 'delivery',
    summary: 's',
    profileId: 'p',
    delivery: {
      method: 'POST',
      path: '/hooks/p',
      headers: { host: 'h' },
      source: { address: '127.0.0.1', port: 1 },
      body: { encoding: 'utf8', text: 'data=x', size: 6 },
      receivedAt: 't',
      error: 'e',
      response: { status: 200, body: 'ok', delayMs: 0, reason: 'configured' },
      form: { data: '{}', signature: 'sig', signatureMethod: 'HMAC-SHA256' },
      verification: { outcome: 'valid', method: 'HMAC-SHA256', explanation: 'x', over: 'o' },
      classification: {
        category: 'message',
        type: 'text',
        msgType: 'text',
        messageId: 'm',
        userId: 'u',
        contactId: 'c',
        roomId: 'r',
      },
      shapeIssues: ['one', 'two'],
      forwardTo: ['http://f'],
      replayEdit: { edited: true, resigned: false },
    },
  },
  {
    seq: 3,
    at: 't',
    kind: 'forward',
    summary: 's',
    forward: {
      deliverySeq: 2,
      why: 'forward',
      edited: false,
      resigned: false,
      exchange,
      notForwarded: { reason: 'loop', explanation: 'x' },
    },
  },
  {
    seq: 4,
    at: 't',
    kind: 'auth',
    summary: 's',
    auth: { action: 'connect', outcome: 'error', detail: 'd', userId: 'u', apiSeq: 1 },
  },
  {
    seq: 5,
    at: 't',
    kind: 'tunnel',
    summary: 's',
    tunnel: { state: 'down', mode: 'localtunnel', publicUrl: 'https://x', reason: 'r' },
  },
  { seq: 6, at: 't', kind: 'system', summary: 's', system: { level: 'info', message: 'm' } },
];

/** Every string in a value, with how to put another one in its place. */
function strings(value: unknown, path: string[] = []): Array<{ path: string[] }> {
  if (typeof value === 'string') return [{ path }];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([k, v]) => strings(v, [...path, k]));
}
function withString(record: object, path: string[], text: string): object {
  const copy = structuredClone(record) as Record<string, unknown>;
  let at = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string, unknown>;
  at[path.at(-1)!] = text;
  return copy;
}

describe("the search's shortcut for matches in the line's bytes", () => {
  it('takes a match for one exactly in the fields the filter searches, for every kind', () => {
    const marker = 'Zq9-marker';
    let searched = 0;
    for (const sample of SAMPLES) {
      // Every string but the kind, which says which fields there are.
      for (const { path } of strings(sample).filter((s) => s.path.join('.') !== 'kind')) {
        const record = withString(sample, path, `a ${marker} b`);
        const line = Buffer.from(JSON.stringify(record));
        const at = line.indexOf(marker);
        const byFilter = compileFilter({ text: marker }).test(record as JournalRecord);
        const kind = KINDS.indexOf(sample.kind as JournalRecord['kind']);
        const byShortcut = matchInSearchedField(line, 0, line.length, at, kind);
        expect(byShortcut, `${sample.kind}: ${path.join('.')}`).toBe(byFilter);
        if (byFilter) searched++;
      }
    }
    expect(searched).toBeGreaterThan(20);
  });

  it('leaves to the parse a match an escape sequence reaches into, and one in a key', () => {
    const record = { ...SAMPLES[5]!, system: { level: 'info', message: 'x\\u0041BC tail' } };
    const line = Buffer.from(JSON.stringify(record));
    const api = KINDS.indexOf('system');
    // "u0041" is in the line's bytes, not in the message (which holds a backslash and "u0041").
    expect(matchInSearchedField(line, 0, line.length, line.indexOf('0041BC'), api)).toBe(false);
    expect(matchInSearchedField(line, 0, line.length, line.indexOf('tail'), api)).toBe(true);
    expect(matchInSearchedField(line, 0, line.length, line.indexOf('message'), api)).toBe(false);
    const quoted = Buffer.from(JSON.stringify({ ...record, summary: 'say "hi" over there' }));
    expect(matchInSearchedField(quoted, 0, quoted.length, quoted.indexOf('hi'), api)).toBe(false);
    expect(matchInSearchedField(quoted, 0, quoted.length, quoted.indexOf('there'), api)).toBe(true);
  });
});
