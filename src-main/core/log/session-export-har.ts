// A session as HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/), so that a QA run opens
// in browser dev tools and HAR viewers: every API call, every delivery received (the platform's
// request and the receiver's answer), and every forward or replay sent on.
import { exchangeHarEntry } from './har-entry';
import type { JournalRecord } from '../../../src-shared/contract';

type Header = { name: string; value: string };
const headerList = (h: Record<string, string>): Header[] =>
  Object.entries(h).map(([name, value]) => ({ name, value }));

/** A record's HAR entry; null for a record that is no HTTP exchange. */
export function harEntry(r: JournalRecord): unknown {
  // API calls and forwards are HTTP exchanges: one builder with the composer's HAR export.
  const meta = { at: r.at, seq: r.seq, comment: `#${r.seq} ${r.summary}` };
  if (r.kind === 'api') return exchangeHarEntry(r.api, meta);
  // A forward that did not happen sent nothing: no HTTP exchange to show.
  if (r.kind === 'forward') {
    return r.forward.notForwarded ? null : exchangeHarEntry(r.forward.exchange, meta);
  }
  if (r.kind !== 'delivery') return null;
  const d = r.delivery;
  const mime = d.headers['content-type'] ?? '';
  return {
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
  };
}

const harDocument = (version: string, entries: unknown[]) =>
  JSON.stringify(
    { log: { version: '1.2', creator: { name: 'TP Inspector', version }, entries } },
    null,
    2,
  );

/** Where the entries go in the document: each indented 6 spaces, as JSON.stringify does. */
const ENTRY_INDENT = '      ';

/**
 * The document in pieces, for an export written as it is made: `head`, then each entry's text
 * (`entryText`) with `,\n` between, then `tail`; with no entry at all, `empty`. Joined, the same
 * text as `toHar` (JSON.stringify with 2 spaces).
 */
export function harParts(version: string) {
  const marker = `${ENTRY_INDENT}0`;
  const [head = '', tail = ''] = harDocument(version, [0]).split(`\n${marker}\n`);
  return {
    head: `${head}\n`,
    tail: `\n${tail}`,
    empty: harDocument(version, []),
    // A JSON text holds no raw line break inside a string: every \n is a line of the layout.
    entryText: (entry: unknown) =>
      ENTRY_INDENT + JSON.stringify(entry, null, 2).replace(/\n/g, `\n${ENTRY_INDENT}`),
  };
}

export function toHar(records: JournalRecord[], version: string): string {
  const entries = records.map(harEntry).filter((e) => e !== null);
  return harDocument(version, entries);
}
