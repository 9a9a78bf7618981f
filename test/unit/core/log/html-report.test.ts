// A session's HTML report as a bug report: what needs attention at the top, counted and linking to
// its records; each record's raw request and answer, redacted as every export is; an edited
// replay's edits against the delivery it replays; the links between a delivery and the records
// that came of it; and nothing a delivery carries able to break out of the page.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { JournalRecord } from '../../../../src-shared/contract';
import { createRedactor } from '../../../../src-main/core/log/redact';
import { streamSession } from '../../../../src-main/core/log/session-export';
import { toHtmlReport } from '../../../../src-main/core/log/session-export-html';
import { HOSTILE, QA_SESSION, SECRET } from './report-records';

/** The report as the engine exports it: streamed from the session's lines, redacted. */
async function exported(records = QA_SESSION): Promise<string> {
  const redactor = createRedactor();
  redactor.addSecret(SECRET);
  const lines = records.map((r) => JSON.stringify(r));
  const { chunks } = streamSession({
    name: 'QA <run>',
    lines: async function* () {
      yield* lines;
    },
    format: 'html',
    redactor,
    appVersion: '1.2.3',
    chunkChars: 200,
  });
  let html = '';
  for await (const chunk of chunks) html += chunk;
  return html;
}

/** A record's section, from its opening tag to its end. */
function section(html: string, seq: number): string {
  const start = html.indexOf(`id="r${seq}"`);
  expect(start, `the section of #${seq}`).toBeGreaterThan(0);
  return html.slice(start, html.indexOf('</section>', start));
}

/** The text of the summary at the top, tags removed. */
const summaryText = (html: string) =>
  html
    .slice(html.indexOf('aria-label="Summary"'), html.indexOf('</section>'))
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

describe('the HTML report of a session', () => {
  it('counts the records by kind and by outcome at the top', async () => {
    const text = summaryText(await exported());
    expect(text).toContain('By kind 2 api 3 delivery 1 forward 2 system');
    expect(text).toContain(
      'By outcome 4 went as expected 1 failed steps 1 invalid signatures 1 errors 1 late answers',
    );
    expect(text).toContain('Delivery signatures 2 valid 1 invalid');
  });

  it('lists what needs attention first, failed steps before invalid signatures, errors and late answers, each linking to its record', async () => {
    const html = await exported();
    const top = html.slice(0, html.indexOf('class="rec'));
    const order = ['Failed steps (1)', 'Invalid signatures (1)', 'Errors (1)', 'Late answers (1)'];
    const at = order.map((title) => top.indexOf(title));
    expect(at.every((i) => i > 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    for (const seq of [7, 5, 6, 4]) {
      expect(top).toContain(`<a href="#r${seq}">#${seq}</a>`);
      expect(html).toContain(`<section class="rec kind-`);
      expect(html).toMatch(new RegExp(`<section class="rec [^"]*has-problem" id="r${seq}">`));
    }
    // Why, in the summary: the step's failure and the signature's explanation.
    expect(summaryText(html)).toContain('status: expected 201, got 200');
    expect(summaryText(html)).toContain('The signature does not match');
    // The run's own end is no step: it is not listed twice.
    expect(top).not.toContain('href="#r8"');
  });

  it('says so when nothing failed', async () => {
    const text = summaryText(await exported(QA_SESSION.slice(0, 3)));
    expect(text).toContain('Nothing failed');
    expect(text).not.toContain('Needs attention');
  });

  it('shows each record’s raw request and answer, redacted as every export is', async () => {
    const html = await exported();
    expect(html).not.toContain(SECRET);
    const call = section(html, 1);
    expect(call).toContain(
      'POST http://127.0.0.1:5870/tp/message/send.json HTTP/1.1\ncontent-type: application/x-www-form-urlencoded\nauthorization: Bearer tok_…\n\nmsg_type=text&amp;text=Your+order+ships+today',
    );
    expect(call).toContain('msg_type=text&amp;text=Your+order+ships+today');
    expect(call).toContain(
      'HTTP/1.1 200\ncontent-type: application/json\n\n{&quot;message_id&quot;:&quot;m9&quot;,&quot;echo&quot;:&quot;tok_…&quot;}',
    );
    const delivery = section(html, 2);
    // The exact bytes the receiver got, form-encoded as they came, and the answer it gave.
    const form = new URLSearchParams({
      data: JSON.stringify({ id: 'm1', type: 'text', sender: 'u1', data: { body: HOSTILE } }),
      signature: 'ab12cd34',
      signature_method: 'HMAC-SHA256',
    });
    expect(delivery).toContain(
      `POST /hooks/sandbox HTTP/1.1\ncontent-type: application/x-www-form-urlencoded\nhost: 127.0.0.1:5875\n\n${form.toString().replace(/&/g, '&amp;')}`,
    );
    expect(delivery).toContain('HTTP/1.1 200\n\nok');
  });

  it('explains each signature in the Event log’s words', async () => {
    const html = await exported();
    expect(section(html, 2)).toContain('<b class="sig sig-valid">valid</b>');
    const replay = section(html, 5);
    expect(replay).toContain(
      '<b class="sig sig-invalid">invalid: not signed with this profile’s secret, or changed on the way</b>',
    );
    expect(replay).toContain('Expected one beginning 3f9a0c21…');
    expect(replay).toContain('<code>3f9a0c21…</code>');
  });

  it('shows an edited replay’s edits against the delivery it replays', async () => {
    const replay = section(await exported(), 5);
    expect(replay).toContain(
      'A replay of <a href="#r2">#2</a>, sent from TP Inspector with data edited and the old signature kept',
    );
    const diff = /<pre class="diff"[^>]*>([\s\S]*?)<\/pre>/.exec(replay)?.[1] ?? '';
    const lines = diff.split('</span>').map((line) => line.replace(/<[^>]+>/g, ''));
    expect(lines).toContain(
      `-     &quot;body&quot;: &quot;${HOSTILE.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}&quot;`,
    );
    expect(lines).toContain('+     &quot;body&quot;: &quot;Is my order 4472 on its way?&quot;');
    // Lines both share are kept as they are, unmarked.
    expect(lines).toContain('    &quot;type&quot;: &quot;text&quot;,');
  });

  it('links a delivery to its forwards, retries and replays, and each of them back to it', async () => {
    const html = await exported();
    const first = section(html, 2);
    expect(first).toContain('Forwarded by <a href="#r3">#3</a>');
    expect(first).toContain('Repeated by <a href="#r4">#4</a>');
    expect(first).toContain('Replayed edited as <a href="#r5">#5</a>');
    expect(section(html, 3)).toContain('A forward of delivery <a href="#r2">#2</a>');
    expect(section(html, 4)).toContain('Repeats the message id of <a href="#r2">#2</a>');
    // A step's message names the records it made, and a summary the delivery it replays.
    expect(section(html, 7)).toContain('Records: <a href="#r6">#6</a>.');
    expect(section(html, 5)).toContain('Replay of delivery <a href="#r2">#2</a> → 200');
    // An escaped quote is no record.
    expect(section(html, 5)).toContain('platform&#39;s');
  });

  it('escapes what deliveries carry: the page has its own style and script and no other', async () => {
    const html = await exported();
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html.match(/<\/style>/g)).toHaveLength(1);
    expect(html).not.toContain('<img');
    expect(html).not.toContain('QA <run>');
    expect(html).toContain('<h1>QA &lt;run&gt;</h1>');
    // The policy lets the page's own style and script run, by their hashes, and nothing else.
    const policy = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1] ?? '';
    const hash = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1]!;
    const script = /<script>([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(policy).toContain(`default-src 'none'`);
    expect(policy).toContain(`style-src ${hash(style)};`);
    expect(policy).toContain(`script-src ${hash(script)};`);
  });

  it('is the same text made whole or streamed', async () => {
    const records = QA_SESSION.map((r) => JournalRecord.parse(r));
    const redactor = createRedactor();
    redactor.addSecret(SECRET);
    const whole = redactor.text(
      toHtmlReport(
        'QA <run>',
        records.map((r) => redactor.record(r)),
        '1.2.3',
      ),
    );
    expect(await exported()).toBe(whole);
  });
});
