// The requests `npm run fuzz` sends, as fast-check arbitraries: well-formed ones (sent with undici)
// and framing-level ones (raw bytes on a node:net socket: bad request lines, duplicate and
// oversized headers, wrong Content-Length, chunked errors, and how the bytes go: at once, slowly,
// cut, half-closed or stalled). Deliveries signed with the app's client secret are among them, each
// with a message id of its own, so that the run can look for the acknowledged ones in the journal.
import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import {
  frame,
  framing,
  headerValue,
  METHODS,
  oddHeaderLine,
  requestLine,
  token,
} from './fuzz-framing.mjs';
import { loopbackCase } from './fuzz-loopback.mjs';

/**
 * What the cases need to know of the servers under test.
 * @typedef {object} FuzzTargets
 * @property {string} endpointPath the sandbox profile's endpoint URL path on the receiver
 * @property {string} clientSecret the sandbox app's client secret (signs deliveries)
 * @property {string} clientId the sandbox app's client id
 * @property {string} appToken a valid app token of the sandbox (some requests carry it)
 * @property {import('./fuzz-loopback.mjs').LoopbackTargets} loopback the host and the redirect
 *   listener (bench/fuzz-loopback.mjs)
 */

/**
 * The server a case goes to: `host` is the headless host's HTTP port and `host-ws` its WebSocket
 * upgrade (the same port), `redirect` the loopback redirect listener of a waiting connect flow.
 * @typedef {'receiver' | 'sandbox' | 'host' | 'host-ws' | 'redirect'} FuzzServer
 */

/**
 * How a raw request's bytes go out.
 * - whole: at once, then FIN; slow: in pieces with pauses, then FIN (a FIN after the request
 *   ends what a wrong Content-Length or an unfinished chunk would leave waiting);
 * - cut: part of it, then the socket is destroyed (nothing to wait for);
 * - half-close: part of it, then FIN (the server must answer or close);
 * - stall: the head and part of the body, then nothing (the server's body timeout must end it).
 * @typedef {'whole' | 'slow' | 'cut' | 'half-close' | 'stall'} Pacing
 */

/**
 * One generated request; `body` and `messageId` are finished per case index (`materialize`).
 * @typedef {object} FuzzCase
 * @property {FuzzServer} target
 * @property {'undici' | 'raw'} via
 * @property {string} method
 * @property {string} path
 * @property {[string, string][]} headers
 * @property {Buffer} body
 * @property {string | null} messageId set on deliveries whose 2xx must be in the journal
 * @property {Buffer | null} raw the whole request's bytes (raw cases)
 * @property {Pacing} pacing
 * @property {number[]} pauses pauses in ms between the pieces of a slow send
 * @property {number} sendFraction how much of the bytes go before a cut, half-close or stall (0..1)
 */

const SANDBOX_PATHS = [
  '/tp/token',
  '/tp/token.json',
  '/tp/authorize',
  '/tp/otp/verify.json',
  '/tp/me.json',
  '/tp/contact/add',
  '/tp/contact/remove.json',
  '/tp/message/send.json',
  '/tp/bulk/message/send.json',
  '/tp/resource/info',
  '/tp/resource/list.json',
  '/_sandbox/state',
  '/_sandbox/users',
  '/_sandbox/users/u1/messages',
  '/_sandbox/users/%E0%A4%A/otp',
  '/_sandbox/rooms/r1/invite',
  '/_sandbox/tokens/expire',
  '/_sandbox/deliveries',
  '/_sandbox/deliveries/d1/redeliver',
  '/_sandbox/signing-key.pem',
  '/_sandbox/avatars/u1.svg',
];
const CONTENT_TYPES = [
  'application/x-www-form-urlencoded',
  'application/x-www-form-urlencoded; charset=utf-8',
  'APPLICATION/X-WWW-FORM-URLENCODED',
  'application/json',
  'multipart/form-data; boundary=xyz',
  'multipart/form-data',
  'text/plain',
  '',
];

const MANAGED_HEADER =
  /^(content-|transfer-|host$|connection$|expect$|upgrade$|keep-alive$|te$|trailer$|proxy-)/i;
/** Headers undici accepts (valid names and values; not those it manages itself). */
const safeHeaders = fc
  .array(fc.tuple(token, headerValue), { maxLength: 6 })
  .map((h) => h.filter(([k]) => !MANAGED_HEADER.test(k)));

const text = fc.string({ unit: 'grapheme', maxLength: 200 });
/** A message's data JSON: plausible, strange or not JSON at all (`{id}` is filled per case). */
const dataTemplate = fc.oneof(
  fc.record({
    type: fc.constantFrom('text', 'image', 'contact', 'unknown', ''),
    timestamp: fc.oneof(fc.constant(String(Date.now())), text),
    sender: fc.constantFrom('u1@platform.test', '', 'x'),
    owner: fc.constantFrom('u1@platform.test', ''),
    recipient: fc.constant('acme-orders@acme-orders.apps.platform.test'),
    data: fc.oneof(fc.record({ body: text }), fc.jsonValue({ maxDepth: 2 })),
  }),
  fc.jsonValue({ maxDepth: 3 }),
);
const signing = fc.constantFrom('HMAC-SHA256', 'HMAC-SHA1', 'wrong', 'missing', 'RSA-SHA256');

const bytes = fc.oneof(
  fc.uint8Array({ maxLength: 2048 }).map((a) => Buffer.from(a)),
  fc.string({ unit: 'binary', maxLength: 1000 }).map((s) => Buffer.from(s, 'utf8')),
  fc.json({ maxDepth: 3 }).map((s) => Buffer.from(s, 'utf8')),
  fc
    .dictionary(fc.constantFrom('data', 'signature', 'grant_type', 'client_id', 'text', 'x'), text)
    .map((d) => Buffer.from(new URLSearchParams(d).toString(), 'utf8')),
  // Now and then a larger body (a few hundred kB), so that it arrives in several reads.
  fc.integer({ min: 64 * 1024, max: 512 * 1024 }).map((n) => Buffer.alloc(n, 0x61)),
);

// A stall costs the server's whole body timeout (10 s) of waiting: rare, or the run takes hours.
const pacing = /** @type {fc.Arbitrary<Pacing>} */ (
  fc.oneof(
    { weight: 40, arbitrary: fc.constant('whole') },
    { weight: 15, arbitrary: fc.constant('slow') },
    { weight: 15, arbitrary: fc.constant('cut') },
    { weight: 15, arbitrary: fc.constant('half-close') },
    { weight: 1, arbitrary: fc.constant('stall') },
  )
);
const pauses = fc.array(fc.integer({ min: 0, max: 60 }), { minLength: 1, maxLength: 6 });

/** A path on the receiver: its endpoint (most of the time), near misses and odd targets. */
const receiverPath = (/** @type {string} */ endpoint) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constant(endpoint) },
    fc.constantFrom(
      `${endpoint}/`,
      `${endpoint}?a=1&a=2`,
      `${endpoint}/../x`,
      `${endpoint}%2F`,
      '/',
      '/_tp/health/x',
      '/_tp/health/',
      '//',
      '/%',
      '/%zz',
      '*',
      'http://127.0.0.1/x',
    ),
    fc.webPath(),
  );
const sandboxPath = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...SANDBOX_PATHS) },
  fc.tuple(fc.constantFrom(...SANDBOX_PATHS), fc.webQueryParameters()).map(([p, q]) => `${p}?${q}`),
  fc.webPath(),
  fc.constantFrom('*', '/%', '/_sandbox/%ff', 'http://127.0.0.1/tp/me.json'),
);

/**
 * A well-formed request, sent with undici.
 * @param {FuzzTargets} t
 * @returns {fc.Arbitrary<Omit<FuzzCase, 'messageId'> & { template: unknown, signing: string }>}
 */
function wellFormed(t) {
  const delivery = fc.record({
    target: fc.constant(/** @type {const} */ ('receiver')),
    method: fc.constant('POST'),
    path: fc.constant(t.endpointPath),
    headers: safeHeaders.map(
      (h) =>
        /** @type {[string, string][]} */ ([
          ['content-type', 'application/x-www-form-urlencoded'],
          ...h,
        ]),
    ),
    template: dataTemplate,
    signing,
    pacing: fc.constantFrom(/** @type {Pacing} */ ('whole'), 'whole', 'whole', 'slow'),
  });
  const other = fc.record({
    target: fc.constantFrom(/** @type {const} */ ('receiver'), 'sandbox'),
    method: fc.constantFrom(...METHODS),
    path: fc.constant(''),
    headers: fc
      .tuple(fc.constantFrom(...CONTENT_TYPES), safeHeaders, fc.boolean())
      .map(
        ([type, h, authorized]) =>
          /** @type {[string, string][]} */ ([
            ...(type ? [['content-type', type]] : []),
            ...(authorized ? [['authorization', `Bearer ${t.appToken}`]] : []),
            ...h,
          ]),
      ),
    body: bytes,
    pacing: fc.constant(/** @type {Pacing} */ ('whole')),
  });
  return fc.oneof(
    delivery.map((d) => ({
      ...d,
      via: /** @type {const} */ ('undici'),
      body: Buffer.alloc(0),
      raw: null,
      pauses: [5, 20, 40],
      sendFraction: 1,
    })),
    other.chain((o) =>
      (o.target === 'receiver' ? receiverPath(t.endpointPath) : sandboxPath).map((path) => ({
        ...o,
        path,
        via: /** @type {const} */ ('undici'),
        raw: null,
        pauses: [],
        sendFraction: 1,
        template: null,
        signing: 'missing',
        // undici refuses a body on GET and HEAD.
        body: o.method === 'GET' || o.method === 'HEAD' ? Buffer.alloc(0) : o.body,
      })),
    ),
  );
}

/**
 * A framing-level request, sent as bytes on a socket.
 * @param {FuzzTargets} t
 */
function rawRequest(t) {
  return fc
    .record({
      target: fc.constantFrom(/** @type {const} */ ('receiver'), 'sandbox'),
      lines: fc.array(oddHeaderLine, { maxLength: 5 }),
      framing,
      body: bytes,
      signedDelivery: fc.boolean(),
      template: dataTemplate,
      pacing,
      pauses,
      sendFraction: fc.double({ min: 0, max: 0.99, noNaN: true }),
    })
    .chain((r) =>
      (r.target === 'receiver'
        ? fc.oneof(
            { weight: 3, arbitrary: requestLine(t.endpointPath) },
            receiverPath(t.endpointPath).chain(requestLine),
          )
        : sandboxPath.chain(requestLine)
      ).map((line) => ({ ...r, line })),
    );
}

/**
 * Every kind of case: to the receiver and the sandbox (3 in 4, about half well-formed, half raw)
 * and to the loopback servers a web page reaches (1 in 4).
 * @param {FuzzTargets} t
 */
export function fuzzCase(t) {
  return fc.oneof(
    {
      weight: 3,
      arbitrary: wellFormed(t).map((c) => ({ kind: /** @type {const} */ ('well-formed'), c })),
    },
    {
      weight: 3,
      arbitrary: rawRequest(t).map((c) => ({ kind: /** @type {const} */ ('raw'), c })),
    },
    { weight: 2, arbitrary: loopbackCase(t.loopback, bytes) },
  );
}

/** The message id of case `index` in a run with `seed`: unique, so the journal can be searched. */
const messageIdOf = (/** @type {number} */ seed, /** @type {number} */ index) =>
  `mfuzz-${seed}-${index}`;

/**
 * A delivery's form: data (the template with this case's id), signed as asked.
 * @param {FuzzTargets} t
 * @param {unknown} template
 * @param {string} how
 * @param {string} id
 */
function deliveryForm(t, template, how, id) {
  const withId =
    template && typeof template === 'object' && !Array.isArray(template)
      ? { ...template, id }
      : { id, type: 'text', data: template };
  const data = JSON.stringify(withId);
  /** @type {Record<string, string>} */
  const fields = { data };
  const hmac = (/** @type {string} */ alg) =>
    createHmac(alg, t.clientSecret).update(data, 'utf8').digest('hex');
  if (how === 'HMAC-SHA256')
    Object.assign(fields, { signature: hmac('sha256'), signature_method: how });
  if (how === 'HMAC-SHA1')
    Object.assign(fields, { signature: hmac('sha1'), signature_method: how });
  if (how === 'wrong')
    Object.assign(fields, { signature: '00'.repeat(32), signature_method: 'HMAC-SHA256' });
  if (how === 'RSA-SHA256')
    Object.assign(fields, { signature: 'bm90IGEgc2lnbmF0dXJl', signature_method: how });
  return Buffer.from(new URLSearchParams(fields).toString(), 'utf8');
}

/**
 * Case `index` as it is sent: its delivery body and message id, its raw bytes, and an
 * `x-fuzz-case` header that ties the journal's record to it.
 * @param {FuzzTargets} t
 * @param {ReturnType<typeof fuzzCase> extends fc.Arbitrary<infer V> ? V : never} generated
 * @param {number} seed
 * @param {number} index
 * @returns {FuzzCase}
 */
export function materialize(t, generated, seed, index) {
  const mark = /** @type {[string, string]} */ (['x-fuzz-case', String(index)]);
  if (generated.kind === 'well-formed') {
    const c = generated.c;
    const isDelivery = c.template !== null;
    const messageId = isDelivery ? messageIdOf(seed, index) : null;
    const body =
      isDelivery && messageId ? deliveryForm(t, c.template, c.signing, messageId) : c.body;
    return {
      target: c.target,
      via: 'undici',
      method: c.method,
      path: c.path,
      headers: [...c.headers, mark],
      body,
      messageId,
      raw: null,
      pacing: c.pacing,
      pauses: c.pauses,
      sendFraction: 1,
    };
  }
  const r = generated.c;
  const body = r.signedDelivery
    ? deliveryForm(t, r.template, 'HMAC-SHA256', messageIdOf(seed, index))
    : r.body;
  const { lines, payload } = frame(r.framing, body);
  const host = 'host' in r ? r.host : '127.0.0.1';
  const head = [r.line, `Host: ${host}`, `X-Fuzz-Case: ${index}`, ...r.lines, ...lines];
  // A delivery's id is only looked for when the request is a plain, whole, well-framed POST:
  // otherwise a 2xx may rightly be for something else (the health route, a pipelined remainder).
  const plain =
    r.framing === 'exact' && r.signedDelivery && r.line === `POST ${t.endpointPath} HTTP/1.1`;
  return {
    target: r.target,
    via: 'raw',
    method: r.line.split(' ', 1)[0] ?? '',
    path: r.line.split(' ')[1] ?? '',
    headers: [],
    body,
    messageId: plain ? messageIdOf(seed, index) : null,
    raw: Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'latin1'), payload]),
    // Only the receiver has a short body deadline (the sandbox's requestTimeout is 120 s, the
    // host's and the redirect listener's Node's own 300 s): the others are never stalled.
    pacing: r.target !== 'receiver' && r.pacing === 'stall' ? 'half-close' : r.pacing,
    pauses: r.pauses,
    sendFraction: r.sendFraction,
  };
}
