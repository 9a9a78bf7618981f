// A load run's summary in HTML: `tp load --reporter html`'s page and a session report's load run
// record draw the same piece: the verdict and why, the rate asked and held, p50/p95/p99/max, the
// errors by class with their first words, the histogram as bars with its ranges named; and nothing
// a URL or a handler's answer carries can break out of the page.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { renderLoadSummary } from '../../../../src-main/cli/load/load-report';
import { loadReportPage } from '../../../../src-main/core/log/html-report/load-report-page';
import { toHtmlReport } from '../../../../src-main/core/log/session-export-html';
import { JournalRecord, type LoadSummary } from '../../../../src-shared/contract';
import { LOAD_SUMMARY, loadHistogram } from '../../../helpers/load-summary';

const SUMMARY = LOAD_SUMMARY;

/** The text a person reads, tags removed. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/&amp;/g, '&');

/** The histogram's rows: the range's name, its count, the bar's width. */
function bars(html: string): [string, number, string][] {
  const table = html.slice(
    html.indexOf('class="load-histogram"'),
    html.indexOf('</table>', html.indexOf('class="load-histogram"')),
  );
  return [
    ...table.matchAll(
      /<th scope="row">([^<]*)<\/th><td class="num">(\d+)<\/td><td class="bar-cell"><svg[^>]*><rect width="([\d.]+%)"/g,
    ),
  ].map((m) => [m[1]!.replace('&gt;', '>'), Number(m[2]), m[3]!]);
}

describe("a load run's HTML report", () => {
  it('says failed and why, and gives the rate asked and held, late sends, p50/p95/p99/max and the errors by class', () => {
    const page = text(loadReportPage(SUMMARY, '1.2.3'));
    expect(page).toContain('Load run of http://127.0.0.1:3000/hook');
    expect(page).toContain('TP Inspector 1.2.3 · load report');
    expect(page).toContain(
      '✗ Failed : 6% of the deliveries sent were not answered 2xx, over the 1% allowed.',
    );
    expect(page).toContain('rate held 199.6/s of 200/s asked');
    expect(page).toContain('2xx answers 187.5/s 940 of 1000');
    expect(page).toContain('p50 3.4 ms p95 41.7 ms p99 187.2 ms max 612.9 ms errors 60 6%');
    expect(page).toContain('Sent 1000 at 199.6/s; 37 late (started more than 10 ms after due)');
    expect(page).toContain('Signed as profile “Sandbox (Acme Orders)” (HMAC-SHA256)');
    expect(page).toContain('Mix text 75% (750), picture 25% (250)');
    expect(page).toContain(
      'Errors by class class count the first one status 5xx 40 HTTP 503 connection 20 socket hang up',
    );
  });

  it('draws the histogram from the first range with answers to the last, each bar as wide as its share of the largest', () => {
    expect(bars(loadReportPage(SUMMARY, '1.2.3'))).toEqual([
      ['≤ 2 ms', 300, '50%'],
      ['≤ 5 ms', 600, '100%'],
      ['≤ 10 ms', 0, '0%'],
      ['≤ 20 ms', 50, '8.33%'],
      ['≤ 50 ms', 20, '3.33%'],
      ['≤ 100 ms', 0, '0%'],
      ['≤ 200 ms', 0, '0%'],
      ['≤ 500 ms', 0, '0%'],
      ['≤ 1000 ms', 10, '1.67%'],
    ]);
    const slow = { ...SUMMARY, histogram: loadHistogram({ null: 3 }) };
    expect(bars(loadReportPage(slow, '1.2.3'))).toEqual([['> 10000 ms', 3, '100%']]);
    const none = { ...SUMMARY, histogram: loadHistogram({}) };
    expect(text(loadReportPage(none, '1.2.3'))).toContain('No delivery got an answer');
  });

  it('escapes a hostile URL and error example: no tag, script or attribute of theirs gets into the page', () => {
    const hostile: LoadSummary = {
      ...SUMMARY,
      url: 'http://127.0.0.1:3000/hook?a="><script>alert(1)</script>',
      profileName: '</title><img src=x onerror=alert(2)>',
      errors: [
        { class: 'status 4xx', count: 1, example: "HTTP 418 '</style><svg onload=alert(3)>" },
      ],
      certificateWarning: '<iframe src="https://evil.example">',
    };
    const html = loadReportPage(hostile, '1.2.3');
    expect(html).not.toMatch(/<script>alert|<img|<svg onload|<iframe|<\/style><svg|<\/title><img/);
    // The one script and style are the report's own, and the policy lets only them run.
    expect(html.match(/<script>/g)).toHaveLength(1);
    expect(html.match(/<style>/g)).toHaveLength(1);
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1]!;
    const hash = createHash('sha256').update(style).digest('base64');
    expect(html).toContain(`style-src 'sha256-${hash}'`);
    expect(html).toContain('hook?a=&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('HTTP 418 &#39;&lt;/style&gt;&lt;svg onload=alert(3)&gt;');
    expect(html).toContain('<title>Load run of http://127.0.0.1:3000/hook?a=&quot;&gt;');
  });

  it('is what tp load --reporter html writes', () => {
    const page = renderLoadSummary('html', SUMMARY);
    expect(page.startsWith('<!doctype html>')).toBe(true);
    expect(page).toContain('class="load-histogram"');
  });

  it('is drawn in a session report for a load run record that carries its summary, failed under Needs attention; an older one shows its words', () => {
    const record = (seq: number, load?: LoadSummary) =>
      JournalRecord.parse({
        seq,
        at: '2026-11-28T20:00:05.000Z',
        kind: 'system',
        summary: `Load run of ${SUMMARY.url}: failed, 1000 deliveries, p99 187.2 ms, 6% errors`,
        system: { level: 'warn', message: 'Load run of … in words', ...(load ? { load } : {}) },
      });
    const html = toHtmlReport('QA', [record(1, SUMMARY), record(2)], '1.2.3');
    const first = html.slice(html.indexOf('id="r1"'), html.indexOf('id="r2"'));
    expect(bars(first)[1]).toEqual(['≤ 5 ms', 600, '100%']);
    expect(text(first)).toContain('p95 41.7 ms');
    // Failed, it needs attention at the top of the session's report, linking to its record.
    const attention = text(html.slice(html.indexOf('Needs attention'), html.indexOf('id="r1"')));
    expect(attention).toContain(`Errors (1) #1 Load run of ${SUMMARY.url}: failed`);
    const second = html.slice(html.indexOf('id="r2"'));
    expect(second).not.toContain('load-histogram');
    expect(text(second)).toContain('Load run of … in words');
  });

  it('reads a load run record whose summary does not hold (a hand edit) without it, rather than refusing the record', () => {
    const parsed = JournalRecord.safeParse({
      seq: 3,
      at: '2026-11-28T20:00:05.000Z',
      kind: 'system',
      summary: 'Load run of http://127.0.0.1:3000/hook: passed',
      system: { level: 'info', message: 'in words', load: { ...SUMMARY, latency: 'fast' } },
    });
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({ system: { level: 'info', message: 'in words' } });
    expect(parsed.data?.kind === 'system' && parsed.data.system.load).toBeUndefined();
  });
});
