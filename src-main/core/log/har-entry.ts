// Journaled calls as a HAR 1.2 document (http://www.softwareishard.com/blog/har-12-spec/), from
// the records as journaled: secrets are already redacted there. The entry of one HTTP exchange is
// also what a session's HAR export (log/session-export-har.ts) uses for its API calls and forwards.
import type { ApiExchange, ApiRecord } from '../../../src-shared/contract';
import { parseFileParam } from '../common/file-param';

interface NameValue {
  name: string;
  value: string;
}

const headerList = (headers: Record<string, string>): NameValue[] =>
  Object.entries(headers).map(([name, value]) => ({ name, value }));

const ms = (n: number | null | undefined) => (n === null || n === undefined ? -1 : n);

function contentType(headers: Record<string, string>): string {
  return Object.entries(headers).find(([k]) => k.toLowerCase() === 'content-type')?.[1] ?? '';
}

interface ExchangeMeta {
  /** When the exchange was journaled (its end). */
  at: string;
  seq: number;
  comment: string;
}

/** One HTTP exchange as a HAR entry: request (form, multipart or query), response, timings. */
export function exchangeHarEntry(api: ApiExchange, meta: ExchangeMeta) {
  const t = api.timing;
  const started = new Date(Date.parse(meta.at) - t.totalMs).toISOString();
  let queryString: NameValue[] = [];
  try {
    queryString = [...new URL(api.url).searchParams].map(([name, value]) => ({ name, value }));
  } catch {
    queryString = [];
  }
  const params = Object.entries(api.requestParams);
  const postData =
    api.method !== 'POST'
      ? undefined
      : contentType(api.requestHeaders).toLowerCase().startsWith('multipart/form-data')
        ? {
            mimeType: contentType(api.requestHeaders),
            params: params.map(([name, value]) => {
              const file = name === 'file' ? parseFileParam(value) : null;
              return file
                ? { name, fileName: file.name, ...(file.type ? { contentType: file.type } : {}) }
                : { name, value };
            }),
            text: '',
          }
        : {
            mimeType: 'application/x-www-form-urlencoded',
            params: params.map(([name, value]) => ({ name, value })),
            text: new URLSearchParams(params).toString(),
          };
  const body = api.responseBody;
  const connectPhases = (t.dnsMs ?? 0) + (t.connectMs ?? 0) + (t.tlsMs ?? 0);
  return {
    startedDateTime: started,
    time: t.totalMs,
    request: {
      method: api.method,
      url: api.url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: headerList(api.requestHeaders),
      queryString,
      ...(postData ? { postData } : {}),
      headersSize: -1,
      bodySize: Number(api.requestHeaders['content-length'] ?? -1),
    },
    response: {
      status: api.status ?? 0,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: headerList(api.responseHeaders),
      content: {
        size: body?.size ?? 0,
        mimeType: contentType(api.responseHeaders),
        ...(body ? { text: body.text } : {}),
        ...(body?.encoding === 'base64' ? { encoding: 'base64' } : {}),
      },
      redirectURL: api.responseHeaders.location ?? '',
      headersSize: -1,
      bodySize: body?.size ?? -1,
      ...(api.error ? { _error: api.error } : {}),
    },
    cache: {},
    timings: {
      blocked: -1,
      dns: ms(t.dnsMs),
      // HAR's connect includes the TLS time (ssl is reported inside it too).
      connect: t.connectMs === undefined ? -1 : t.connectMs + (t.tlsMs ?? 0),
      ssl: ms(t.tlsMs),
      send: 0,
      wait: t.ttfbMs === null ? -1 : Math.max(0, t.ttfbMs - connectPhases),
      receive: ms(t.downloadMs),
    },
    comment: meta.comment,
    _seq: meta.seq,
  };
}

export function harDocument(records: readonly ApiRecord[], creatorVersion: string): object {
  return {
    log: {
      version: '1.2',
      creator: { name: 'TP Inspector', version: creatorVersion },
      pages: [],
      entries: records.map((r) =>
        exchangeHarEntry(r.api, { at: r.at, seq: r.seq, comment: r.summary }),
      ),
    },
  };
}
