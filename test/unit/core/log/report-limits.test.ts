// What keeps a report of a large session readable and small: the summary lists so many records of
// each kind of problem and counts the rest, and a body is cut at RAW_BODY_CHARS with words saying
// where the whole is.
import { describe, expect, it } from 'vitest';
import type { JournalRecord } from '../../../../src-shared/contract';
import { RAW_BODY_CHARS } from '../../../../src-main/core/log/html-report/raw-http';
import { LISTED_PER_CATEGORY } from '../../../../src-main/core/log/html-report/report-outline';
import { toHtmlReport } from '../../../../src-main/core/log/session-export-html';

const call = (seq: number, status: number | null, body = '{}') =>
  ({
    seq,
    at: '2026-11-28T10:00:00.000Z',
    kind: 'api',
    summary: `GET /tp/me.json → ${status ?? 'no answer'}`,
    api: {
      method: 'GET',
      url: 'http://127.0.0.1:5870/tp/me.json',
      requestHeaders: {},
      requestParams: {},
      status,
      responseHeaders: {},
      responseBody: { encoding: 'utf8', text: body, size: body.length },
      timing: { totalMs: 1, ttfbMs: 1, downloadMs: 0 },
      ...(status === null ? { error: 'connection refused' } : {}),
    },
  }) as JournalRecord;

describe('a report of a large session', () => {
  it('lists the first problems of a kind and counts the rest', () => {
    const records = Array.from({ length: LISTED_PER_CATEGORY + 5 }, (_, i) => call(i + 1, null));
    const html = toHtmlReport('big', records, '1');
    const top = html.slice(0, html.indexOf('class="rec'));
    expect(top).toContain(`Errors (${LISTED_PER_CATEGORY + 5})`);
    expect(top).toContain(`href="#r${LISTED_PER_CATEGORY}"`);
    expect(top).not.toContain(`href="#r${LISTED_PER_CATEGORY + 1}"`);
    expect(top).toContain('And 5 more, marked ⚠ below.');
    expect(top).toContain('no answer: connection refused');
  });

  it('cuts a body at RAW_BODY_CHARS and says where the whole is', () => {
    const body = `${'a'.repeat(RAW_BODY_CHARS)}TAIL`;
    const html = toHtmlReport('big', [call(1, 200, body)], '1');
    expect(html).not.toContain('TAIL');
    expect(html).toContain(
      `the first ${RAW_BODY_CHARS} characters of ${body.length} bytes: the NDJSON export has them all`,
    );
  });
});
