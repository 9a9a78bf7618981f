// The cases `npm run fuzz` sends to the servers any web page the person has open can reach on
// loopback: the headless host's HTTP port (`host`), its WebSocket upgrade (`host-ws`) and the
// redirect listener of a waiting connect flow (`redirect`). A page can send them any target
// (`<img src="http://127.0.0.1:PORT//">`), a WebSocket handshake with its own Origin, and, through
// a DNS name of its own, any Host: so targets of every RFC 9112 §3.2 form, with and without the
// session cookie, the right Host and Origin, sent well-formed (undici) or as raw bytes.
import fc from 'fast-check';
import { framing, METHODS, oddHeaderLine, requestLine } from './fuzz-framing.mjs';

/**
 * What these cases need to know of the loopback servers.
 * @typedef {object} LoopbackTargets
 * @property {number} hostPort the headless host's port
 * @property {string} hostToken the host's session token (its cookie, or ?token= once)
 * @property {number} redirectPort the redirect listener's port
 * @property {string} redirectPath the redirect URI's path
 */

/** Targets that are not a plain path, for every server (RFC 9112 §3.2, and URL's own breakages). */
const ODD_TARGETS = [
  '//',
  '//x',
  '//x:99999/a',
  '*',
  'http://evil.example/x',
  'http://127.0.0.1/x',
  'http://',
  '127.0.0.1:80',
  '/%zz',
  '/%',
  '/%00',
  '/\\evil.example',
  '/..%2f..%2fetc/passwd',
  `/${'a'.repeat(20_000)}`,
];

/** @param {LoopbackTargets} t */
const hostPaths = (t) =>
  fc.oneof(
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        '/',
        '/index.html',
        '/ws',
        `/?token=${t.hostToken}`,
        '/?token=wrong',
        '/assets/missing.js',
        '/export/session',
        '/export/session?check=1',
        '/export/session?format=har&check=1',
      ),
    },
    fc.constantFrom(...ODD_TARGETS, `http://127.0.0.1:${t.hostPort}/`),
    fc.webPath(),
  );

/** @param {LoopbackTargets} t */
const redirectPaths = (t) =>
  fc.oneof(
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        t.redirectPath,
        `${t.redirectPath}?state=wrong&code=c1`,
        `${t.redirectPath}?error=access_denied&state=wrong`,
        `${t.redirectPath}?code=c1`,
        `${t.redirectPath}/`,
        '/elsewhere',
      ),
    },
    fc.constantFrom(...ODD_TARGETS),
    fc.webPath(),
  );

/** @param {LoopbackTargets} t */
const hostHeader = (t, /** @type {number} */ port) =>
  fc.constantFrom(
    `127.0.0.1:${port}`,
    `127.0.0.1:${port}`,
    `localhost:${port}`,
    '127.0.0.1',
    'evil.example',
    'a b',
    '[',
    '',
  );

/** @param {LoopbackTargets} t */
const sessionLines = (t) =>
  fc.constantFrom(
    [`Cookie: tp_session_${t.hostPort}=${t.hostToken}`],
    [`Cookie: tp_session_${t.hostPort}=wrong`],
    [],
  );

/** @param {LoopbackTargets} t */
const originLines = (t) =>
  fc.constantFrom(
    [`Origin: http://127.0.0.1:${t.hostPort}`],
    ['Origin: http://evil.example'],
    ['Origin: null'],
    [],
  );

const upgradeLines = fc.constantFrom(
  [
    'Upgrade: websocket',
    'Connection: Upgrade',
    'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
    'Sec-WebSocket-Version: 13',
  ],
  ['Upgrade: websocket', 'Connection: Upgrade', 'Sec-WebSocket-Version: 13'],
  [
    'Upgrade: websocket',
    'Connection: Upgrade',
    'Sec-WebSocket-Key: short',
    'Sec-WebSocket-Version: 8',
  ],
  ['Upgrade: h2c', 'Connection: Upgrade'],
);

const pacing = fc.constantFrom(
  /** @type {import('./fuzz-cases.mjs').Pacing} */ ('whole'),
  'whole',
  'slow',
  'cut',
  'half-close',
);

/**
 * A raw request to one of the loopback servers, in the shape of fuzz-cases.mjs's raw cases (its
 * `materialize` finishes it) plus the Host it carries.
 * @param {LoopbackTargets} t
 * @param {fc.Arbitrary<Buffer>} bytes
 */
function rawLoopback(t, bytes) {
  return fc
    .record({
      target: fc.constantFrom(/** @type {const} */ ('host'), 'host-ws', 'redirect'),
      session: sessionLines(t),
      origin: originLines(t),
      upgrade: upgradeLines,
      odd: fc.array(oddHeaderLine, { maxLength: 2 }),
      framing,
      body: bytes,
      pacing,
      pauses: fc.array(fc.integer({ min: 0, max: 30 }), { minLength: 1, maxLength: 4 }),
      sendFraction: fc.double({ min: 0, max: 0.99, noNaN: true }),
    })
    .chain((r) =>
      fc
        .tuple(
          r.target === 'redirect'
            ? redirectPaths(t)
            : // A handshake mostly at the WebSocket's own path, so some get past the target.
              r.target === 'host-ws'
              ? fc.oneof({ weight: 2, arbitrary: fc.constant('/ws') }, hostPaths(t))
              : hostPaths(t),
          hostHeader(t, r.target === 'redirect' ? t.redirectPort : t.hostPort),
        )
        .chain(([path, host]) =>
          // A handshake is a GET (RFC 6455 §4.1); the other servers get any request line.
          (r.target === 'host-ws' ? fc.constant(`GET ${path} HTTP/1.1`) : requestLine(path)).map(
            (line) => ({
              target: r.target,
              line,
              host,
              lines: [
                ...(r.target === 'redirect' ? [] : r.session),
                ...r.origin,
                ...(r.target === 'host-ws' ? r.upgrade : []),
                ...r.odd,
              ],
              // A handshake has no body; the others get any framing.
              framing: r.target === 'host-ws' ? 'none' : r.framing,
              body: r.target === 'host-ws' ? Buffer.alloc(0) : r.body,
              signedDelivery: false,
              template: null,
              pacing: r.pacing,
              pauses: r.pauses,
              sendFraction: r.sendFraction,
            }),
          ),
        ),
    );
}

/**
 * A well-formed request (undici) to the host or the redirect listener.
 * @param {LoopbackTargets} t
 * @param {fc.Arbitrary<Buffer>} bytes
 */
function wellFormedLoopback(t, bytes) {
  return fc
    .record({
      target: fc.constantFrom(/** @type {const} */ ('host'), 'redirect'),
      method: fc.constantFrom(...METHODS),
      session: sessionLines(t),
      origin: originLines(t),
      body: bytes,
    })
    .chain((o) =>
      (o.target === 'redirect' ? redirectPaths(t) : hostPaths(t))
        // undici sends only origin-form targets.
        .filter((path) => path.startsWith('/') && !path.startsWith('//'))
        .map((path) => ({
          target: o.target,
          method: o.method,
          path,
          headers: /** @type {[string, string][]} */ (
            [...o.session, ...o.origin].map((line) => {
              const at = line.indexOf(': ');
              return [line.slice(0, at), line.slice(at + 2)];
            })
          ),
          body: o.method === 'GET' || o.method === 'HEAD' ? Buffer.alloc(0) : o.body,
          via: /** @type {const} */ ('undici'),
          raw: null,
          pacing: /** @type {import('./fuzz-cases.mjs').Pacing} */ ('whole'),
          pauses: [],
          sendFraction: 1,
          template: null,
          signing: 'missing',
        })),
    );
}

/**
 * Every kind of loopback case, tagged as fuzz-cases.mjs's are.
 * @param {LoopbackTargets} t
 * @param {fc.Arbitrary<Buffer>} bytes the bodies fuzz-cases.mjs generates
 */
export function loopbackCase(t, bytes) {
  return fc.oneof(
    wellFormedLoopback(t, bytes).map((c) => ({ kind: /** @type {const} */ ('well-formed'), c })),
    {
      weight: 2,
      arbitrary: rawLoopback(t, bytes).map((c) => ({ kind: /** @type {const} */ ('raw'), c })),
    },
  );
}
