// The raw request and answer of a record, as HTTP/1.1 text, from what the journal keeps (already
// redacted): a delivery's request is its exact bytes; a call's or a forward's is rebuilt from its
// headers and parameters (the form body a POST sent, the query a GET carried in its URL). A body
// is cut at RAW_BODY_CHARS so that a session of large bodies makes a report that still opens; the
// NDJSON export keeps every byte.
import type { ApiExchange, DeliveryCapture, RawBody } from '../../../../src-shared/contract';

/** Characters of one body a report shows. */
export const RAW_BODY_CHARS = 64 * 1024;

const headerLines = (headers: Record<string, string>) =>
  Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\n`)
    .join('');

function cut(text: string, size = Buffer.byteLength(text)): string {
  if (text.length <= RAW_BODY_CHARS) return text;
  return `${text.slice(0, RAW_BODY_CHARS)}\n… (the first ${RAW_BODY_CHARS} characters of ${size} bytes: the NDJSON export has them all)`;
}

function bodyText(body: RawBody | null): string {
  if (!body) return '';
  if (body.encoding === 'utf8') return cut(body.text, body.size);
  return `(${body.size} bytes that are not UTF-8, in base64)\n${cut(body.text, body.size)}`;
}

const isMultipart = (headers: Record<string, string>) =>
  Object.entries(headers).some(
    ([k, v]) => k.toLowerCase() === 'content-type' && v.toLowerCase().startsWith('multipart/'),
  );

/** What a call or a forward sent. */
export function exchangeRequest(x: ApiExchange): string {
  const head = `${x.method} ${x.url} HTTP/1.1\n${headerLines(x.requestHeaders)}`;
  const params = Object.entries(x.requestParams);
  if (x.method !== 'POST' || params.length === 0) return head;
  if (isMultipart(x.requestHeaders)) {
    // The parts' bytes are not kept (a file's, notably): their names and values are.
    return `${head}\n(multipart parts, a file's bytes not kept)\n${params.map(([k, v]) => `${k}=${v}`).join('\n')}`;
  }
  return `${head}\n${cut(new URLSearchParams(params).toString())}`;
}

/** What a call or a forward got back, or why nothing came. */
export function exchangeAnswer(x: ApiExchange): string {
  if (x.status === null) return `(no answer: ${x.error ?? 'the connection failed'})`;
  const body = bodyText(x.responseBody);
  return `HTTP/1.1 ${x.status}\n${headerLines(x.responseHeaders)}${body ? `\n${body}` : ''}`;
}

/** A delivery as it arrived: its exact bytes (null when refused unread, too large). */
export function deliveryRequest(d: DeliveryCapture): string {
  const head = `${d.method} ${d.path} HTTP/1.1\n${headerLines(d.headers)}`;
  return d.body
    ? `${head}\n${bodyText(d.body)}`
    : `${head}\n(the body was refused unread: over the size limit)`;
}

/** What the receiver answered the delivery. */
export const deliveryAnswer = (d: DeliveryCapture): string =>
  `HTTP/1.1 ${d.response.status}\n\n${d.response.body}`;
