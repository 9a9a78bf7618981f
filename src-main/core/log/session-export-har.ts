// A session as HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/), so that a QA run opens
// in browser dev tools and HAR viewers: every API call, every delivery received (the platform's
// request and the receiver's answer), and every forward or replay sent on.
import { exchangeHarEntry } from '../common/har-entry';
import type { JournalRecord } from '../../../src-shared/contract';

type Header = { name: string; value: string };
const headerList = (h: Record<string, string>): Header[] =>
  Object.entries(h).map(([name, value]) => ({ name, value }));

export function toHar(records: JournalRecord[], version: string): string {
  const entries: unknown[] = [];
  for (const r of records) {
    // API calls and forwards are HTTP exchanges: one builder with the composer's HAR export.
    const meta = { at: r.at, seq: r.seq, comment: `#${r.seq} ${r.summary}` };
    if (r.kind === 'api') entries.push(exchangeHarEntry(r.api, meta));
    // A forward that did not happen sent nothing: no HTTP exchange to show.
    else if (r.kind === 'forward') {
      if (!r.forward.notForwarded) entries.push(exchangeHarEntry(r.forward.exchange, meta));
    } else if (r.kind === 'delivery') {
      const d = r.delivery;
      const mime = d.headers['content-type'] ?? '';
      entries.push({
        startedDateTime: d.receivedAt,
        time: d.response.delayMs,
        comment: `#${r.seq} received: ${r.summary}. ${d.verification.explanation}`,
        request: {
          method: d.method,
          url: `http://${d.headers.host ?? '127.0.0.1'}${d.path}`,
          httpVersion: 'HTTP/1.1',
          cookies: [],
          headers: headerList(d.headers),
          queryString: [],
          ...(d.body
            ? {
                postData: {
                  mimeType: mime,
                  text: d.body.text,
                  ...(d.body.encoding === 'base64' ? { encoding: 'base64' } : {}),
                },
              }
            : {}),
          headersSize: -1,
          bodySize: d.body?.size ?? -1,
        },
        response: {
          status: d.response.status,
          statusText: '',
          httpVersion: 'HTTP/1.1',
          cookies: [],
          headers: [],
          content: {
            size: Buffer.byteLength(d.response.body),
            mimeType: 'text/plain',
            text: d.response.body,
          },
          redirectURL: '',
          headersSize: -1,
          bodySize: Buffer.byteLength(d.response.body),
        },
        cache: {},
        timings: { send: 0, wait: d.response.delayMs, receive: 0 },
      });
    }
  }
  return JSON.stringify(
    { log: { version: '1.2', creator: { name: 'TP Inspector', version }, entries } },
    null,
    2,
  );
}
