// The framing-level parts of `npm run fuzz`'s raw requests (bench/fuzz-cases.mjs): request lines
// a parser may refuse, odd, duplicate and oversized header lines, and bodies framed right or wrong
// (Content-Length short, long, huge, negative or twice; chunked, badly chunked or unfinished).
import fc from 'fast-check';

export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE'];

export const token = fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,20}$/);
export const headerValue = fc.oneof(
  fc.stringMatching(/^[\x20-\x7e]{0,60}$/),
  fc.constantFrom('0', '-1', '1e3', '99999999999999999999', 'chunked', 'gzip', 'close'),
);

/** The framing of a raw request's body. */
export const framing = fc.constantFrom(
  'exact',
  'exact',
  'none',
  'short',
  'long',
  'huge',
  'negative',
  'twice',
  'chunked',
  'bad-chunked',
  'unfinished-chunked',
  'chunked-and-length',
);

/**
 * A raw request's head lines and body, framed as told.
 * @param {string} how
 * @param {Buffer} body
 * @returns {{ lines: string[], payload: Buffer }}
 */
export function frame(how, body) {
  const n = body.length;
  switch (how) {
    case 'none':
      return { lines: [], payload: body };
    case 'short':
      return { lines: [`Content-Length: ${Math.floor(n / 2)}`], payload: body };
    case 'long':
      return { lines: [`Content-Length: ${n + 10}`], payload: body };
    case 'huge':
      return { lines: [`Content-Length: ${30 * 1024 * 1024}`], payload: body };
    case 'negative':
      return { lines: ['Content-Length: -5'], payload: body };
    case 'twice':
      return { lines: [`Content-Length: ${n}`, `Content-Length: ${n + 1}`], payload: body };
    case 'chunked':
      return {
        lines: ['Transfer-Encoding: chunked'],
        payload: Buffer.concat([
          Buffer.from(`${n.toString(16)}\r\n`),
          body,
          Buffer.from('\r\n0\r\n\r\n'),
        ]),
      };
    case 'bad-chunked':
      return {
        lines: ['Transfer-Encoding: chunked'],
        payload: Buffer.concat([Buffer.from('zz\r\n'), body, Buffer.from('\r\n0\r\n\r\n')]),
      };
    case 'unfinished-chunked':
      return {
        lines: ['Transfer-Encoding: chunked'],
        payload: Buffer.concat([Buffer.from(`${(n + 7).toString(16)}\r\n`), body]),
      };
    case 'chunked-and-length':
      return {
        lines: ['Transfer-Encoding: chunked', `Content-Length: ${n}`],
        payload: Buffer.concat([
          Buffer.from(`${n.toString(16)}\r\n`),
          body,
          Buffer.from('\r\n0\r\n\r\n'),
        ]),
      };
    default:
      return { lines: [`Content-Length: ${n}`], payload: body };
  }
}

/** Header lines a parser may choke on. */
export const oddHeaderLine = fc.oneof(
  fc.tuple(token, headerValue).map(([k, v]) => `${k}: ${v}`),
  fc.constantFrom(
    'Host: 127.0.0.1',
    'Host: evil.example',
    'Content-Type: application/x-www-form-urlencoded',
    'Content-Type: text/plain',
    'Transfer-Encoding: gzip, chunked',
    'Transfer-Encoding: identity',
    'Expect: 100-continue',
    'Connection: close',
    'Connection: upgrade',
    'Upgrade: websocket',
    'X-Bad Name: 1',
    'NoColon',
    ': empty-name',
    ' folded: continuation',
    'X-Nul: a\u0000b',
    'X-Latin1: caf\u00e9',
  ),
  fc.integer({ min: 8 * 1024, max: 40 * 1024 }).map((n) => `X-Big: ${'b'.repeat(n)}`),
);
export const requestLine = (/** @type {string} */ path) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...METHODS).map((m) => `${m} ${path} HTTP/1.1`) },
    fc.constantFrom(
      `POST ${path} HTTP/1.0`,
      `POST ${path} HTTP/2.0`,
      `POST ${path}`,
      `POST  ${path}  HTTP/1.1`,
      `post ${path} HTTP/1.1`,
      `PRI * HTTP/2.0`,
      `POST ${path} HTTP/1.1 extra`,
      `BREW ${path} HTTP/1.1`,
      '',
    ),
    fc.string({ unit: 'binary-ascii', maxLength: 80 }).map((s) => s.replace(/[\r\n]/g, '')),
  );
