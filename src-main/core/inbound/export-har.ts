// A session as HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/), so that a QA run opens
// in browser dev tools and HAR viewers: every API call, every delivery received (the platform's
// request and the receiver's answer), and every forward or replay sent on.
import type { ApiExchange, JournalRecord, RawBody } from '../contract';

type Header = { name: string; value: string };
const headerList = (h: Record<string, string>): Header[] =>
  Object.entries(h).map(([name, value]) => ({ name, value }));

function content(body: RawBody | null, mimeType: string) {
  if (!body) return { size: 0, mimeType, text: '' };
  return {
    size: body.size,
    mimeType,
    text: body.text,
    ...(body.encoding === 'base64' ? { encoding: 'base64' } : {}),
  };
}

function exchangeEntry(at: string, ex: ApiExchange, comment: string) {
  const query = (() => {
    try {
      return [...new URL(ex.url).searchParams].map(([name, value]) => ({ name, value }));
    } catch {
      return [];
    }
  })();
  const form = Object.entries(ex.requestParams).map(([name, value]) => ({ name, value }));
  return {
    startedDateTime: at,
    time: ex.timing.totalMs,
    comment,
    request: {
      method: ex.method,
      url: ex.url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: headerList(ex.requestHeaders),
      queryString: ex.method === 'GET' ? query : [],
      ...(ex.method === 'POST'
        ? {
            postData: {
              mimeType: ex.requestHeaders['content-type'] ?? 'application/x-www-form-urlencoded',
              params: form,
              text: new URLSearchParams(ex.requestParams).toString(),
            },
          }
        : {}),
      headersSize: -1,
      bodySize: -1,
    },
    response: {
      status: ex.status ?? 0,
      statusText: ex.error ?? '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: headerList(ex.responseHeaders),
      content: content(ex.responseBody, ex.responseHeaders['content-type'] ?? ''),
      redirectURL: '',
      headersSize: -1,
      bodySize: ex.responseBody?.size ?? -1,
    },
    cache: {},
    timings: {
      send: 0,
      wait: ex.timing.ttfbMs ?? ex.timing.totalMs,
      receive: ex.timing.downloadMs ?? 0,
    },
  };
}

export function toHar(records: JournalRecord[], version: string): string {
  const entries: unknown[] = [];
  for (const r of records) {
    if (r.kind === 'api') entries.push(exchangeEntry(r.at, r.api, `#${r.seq} ${r.summary}`));
    else if (r.kind === 'forward') {
      entries.push(exchangeEntry(r.at, r.forward.exchange, `#${r.seq} ${r.summary}`));
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
