import { describe, expect, it } from 'vitest';
import { queryHead } from '../../../../src-main/cli/mcp/journal-tools';
import type { LogQueryOutput } from '../../../../src-shared/contract';

const row = (seq: number) => ({ seq, at: '', kind: 'api' as const, summary: '' });
const result = (extra: Partial<LogQueryOutput>): LogQueryOutput => ({
  total: 0,
  offset: 0,
  rows: [],
  throughSeq: 0,
  ...extra,
});

describe("query_journal's first line", () => {
  it('says how many match and which rows follow', () => {
    expect(queryHead(result({}))).toBe('No record matches.');
    expect(queryHead(result({ total: 3, rows: [row(4), row(9)] }))).toBe(
      '3 records match; #4 to #9 below (get_record reads one in full).',
    );
  });

  it('says that an offset past the end shows none, and how another session is read', () => {
    expect(queryHead(result({ total: 3, offset: 3 }))).toBe(
      '3 records match; none at offset 3 (the oldest is at offset 0, the newest at 2).',
    );
    expect(queryHead(result({ total: 1, rows: [row(7)] }), 'run-1')).toBe(
      '1 record matches; #7 to #7 below (get_record with sessionId "run-1" reads one in full).',
    );
  });

  it('says when the count is not final yet, so that "none" is not taken as the answer', () => {
    expect(queryHead(result({ indexing: { done: 1, total: 4 } }))).toBe(
      'No record matches so far: the journal is still being indexed (25% done), ask again in a moment for the rest.',
    );
    expect(queryHead(result({ total: 1, rows: [row(2)], counting: { done: 5, total: 10 } }))).toBe(
      '1 record matches; #2 to #2 below (get_record reads one in full) so far: the search is still counting its matches (50% done), ask again in a moment for the rest.',
    );
  });
});
