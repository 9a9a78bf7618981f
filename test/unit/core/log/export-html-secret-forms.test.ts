// A secret that HTML escapes (it holds & < > " or ') cannot slip out through the HTML report: a
// delivery may write it with JSON escapes no search of the record finds (`\u0026`), the report
// parses that data and shows it, escaped for HTML (`&amp;`), and the pass over the page's text
// must know that form too.
import { describe, expect, it } from 'vitest';
import { createRedactor } from '../../../../src-main/core/log/redact';
import { streamSession } from '../../../../src-main/core/log/session-export';

const SECRET = 'cs_7Hq&Zp<3>"x';

/** A delivery whose data holds the secret with each of its characters \u-escaped. */
function deliveryLine(): string {
  const escaped = [...SECRET].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  const data = `{"id":"m1","type":"text","data":{"body":"${escaped.join('')}"}}`;
  return JSON.stringify({
    seq: 1,
    at: '2026-01-01T00:00:00.000Z',
    kind: 'delivery',
    summary: 'Delivery: text message → 200 (signature valid)',
    profileId: 'p1',
    delivery: {
      method: 'POST',
      path: '/hook',
      headers: {},
      source: { address: '127.0.0.1', port: 1 },
      receivedAt: '2026-01-01T00:00:00.000Z',
      form: { data, signature: 'ab', signatureMethod: 'HMAC-SHA256' },
      verification: { outcome: 'valid', method: 'HMAC-SHA256', explanation: 'Valid.' },
      classification: { category: 'message', type: 'text', msgType: 'text' },
      shapeIssues: [],
      forwardTo: [],
      body: null,
      response: { status: 200, body: 'ok', delayMs: 0, reason: 'configured' },
    },
  });
}

describe('the HTML report of a session', () => {
  it('shows no form of a secret that HTML escapes', async () => {
    const redactor = createRedactor();
    redactor.addSecret(SECRET);
    const out = streamSession({
      name: 'QA run',
      lines: async function* () {
        yield deliveryLine();
      },
      format: 'html',
      redactor,
      appVersion: '1.2.3',
    });
    let html = '';
    for await (const chunk of out.chunks) html += chunk;
    // The report did show the delivery's parsed data: the body's field is there, redacted.
    expect(html).toContain('&quot;body&quot;');
    expect(html).not.toContain('cs_7Hq&amp;Zp&lt;3&gt;&quot;x');
    expect(html).not.toContain('Zp&lt;3');
  });
});
