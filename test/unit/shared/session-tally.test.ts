// Sessions compared by counts (src-shared/rules/session-tally.ts): the groups of records alike,
// and the caps that keep an untrusted session file from growing what is kept.
import { describe, expect, it } from 'vitest';
import type { ApiRecord, JournalRecord } from '../../../src-shared/contract';
import {
  LISTED_PER_GROUP,
  MAX_GROUPS,
  OTHER_GROUP,
  compareTallies,
  newTally,
  recordGroup,
  tallyRecord,
} from '../../../src-shared/rules/session-tally';

const api = (seq: number, url: string, status: number | null): ApiRecord => ({
  seq,
  at: '2026-01-01T00:00:00Z',
  summary: `call ${seq}`,
  kind: 'api',
  api: {
    method: 'POST',
    url,
    requestHeaders: {},
    requestParams: {},
    status,
    responseHeaders: {},
    responseBody: null,
    timing: { totalMs: 1, ttfbMs: null, downloadMs: null },
  },
});

const tally = (records: JournalRecord[]) => {
  const t = newTally();
  for (const r of records) tallyRecord(t, r);
  return t;
};

describe('session tally', () => {
  it('groups calls by method, path without the query, and status class', () => {
    expect(recordGroup(api(1, 'https://p.test/tp/message/send.json?user_id=u1', 200))).toBe(
      'api POST /tp/message/send.json 2xx',
    );
    expect(recordGroup(api(1, 'not a url?x=1', null))).toBe('api POST not a url none');
  });

  it('lists the groups that differ, most apart first, with their records', () => {
    const left = tally([api(1, 'https://p.test/a', 200), api(2, 'https://p.test/b', 200)]);
    const right = tally([
      api(1, 'https://p.test/a', 200),
      api(2, 'https://p.test/b', 500),
      api(3, 'https://p.test/b', 500),
    ]);
    expect(right.counts.outcomes).toEqual({ 'api 2xx': 1, 'api 5xx': 2 });
    const { differences, total } = compareTallies(left, right);
    expect(total).toBe(2);
    expect(differences.map((d) => [d.key, d.left, d.right])).toEqual([
      ['api POST /b 5xx', 0, 2],
      ['api POST /b 2xx', 1, 0],
    ]);
    expect(differences[0]!.rightRecords.map((r) => r.seq)).toEqual([2, 3]);
  });

  it('keeps at most MAX_GROUPS groups and LISTED_PER_GROUP records of each', () => {
    const t = newTally();
    for (let i = 0; i < MAX_GROUPS + 3; i++) tallyRecord(t, api(i + 1, `https://p.test/${i}`, 200));
    for (let i = 0; i < LISTED_PER_GROUP + 5; i++) tallyRecord(t, api(1, 'https://p.test/0', 200));
    expect(t.groups.size).toBe(MAX_GROUPS + 1);
    expect(t.groups.get(OTHER_GROUP)?.count).toBe(3);
    expect(t.groups.get('api POST /0 2xx')?.records).toHaveLength(LISTED_PER_GROUP);
    expect(t.counts.records).toBe(MAX_GROUPS + 3 + LISTED_PER_GROUP + 5);
  });
});
