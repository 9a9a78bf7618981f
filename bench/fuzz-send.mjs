// Sending one fuzz case and saying what came of it: the first answer's status, a close without
// an answer, the client's own cut, or a hang (neither an answer nor a close before the deadline).
import { connect } from 'node:net';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { errors, request } from 'undici';

/**
 * @typedef {object} Outcome
 * @property {'answered' | 'closed' | 'cut' | 'hang' | 'client-error'} kind
 *   client-error: undici refused to send what was generated (not the server's doing)
 * @property {number | null} status the first answer's status
 * @property {string} [detail]
 */

/**
 * @param {import('./fuzz-cases.mjs').FuzzCase} c
 * @param {{ origin: string, dispatcher: import('undici').Dispatcher, deadlineMs: number }} to
 * @returns {Promise<Outcome>}
 */
export async function sendWellFormed(c, to) {
  const slow = c.pacing === 'slow';
  const pieces = slow ? split(c.body, c.pauses.length + 1) : [];
  try {
    const res = await request(`${to.origin}${c.path}`, {
      method: /** @type {import('undici').Dispatcher.HttpMethod} */ (c.method),
      dispatcher: to.dispatcher,
      headers: c.headers.flat(),
      body: slow ? Readable.from(paced(pieces, c.pauses)) : c.body.length ? c.body : undefined,
      headersTimeout: to.deadlineMs,
      bodyTimeout: to.deadlineMs,
    });
    await res.body.dump({ limit: 1024 * 1024 });
    return { kind: 'answered', status: res.statusCode };
  } catch (err) {
    if (err instanceof errors.HeadersTimeoutError || err instanceof errors.BodyTimeoutError) {
      return { kind: 'hang', status: null, detail: String(err) };
    }
    if (err instanceof errors.InvalidArgumentError) {
      return { kind: 'client-error', status: null, detail: String(err) };
    }
    return { kind: 'closed', status: null, detail: String(err) };
  }
}

/**
 * @param {Buffer[]} pieces
 * @param {number[]} pauses
 */
async function* paced(pieces, pauses) {
  for (let i = 0; i < pieces.length; i++) {
    if (i > 0) await sleep(pauses[i - 1] ?? 0);
    yield /** @type {Buffer} */ (pieces[i]);
  }
}

/**
 * @param {Buffer} bytes
 * @param {number} n
 */
function split(bytes, n) {
  const size = Math.max(1, Math.ceil(bytes.length / n));
  const pieces = [];
  for (let at = 0; at < bytes.length; at += size) pieces.push(bytes.subarray(at, at + size));
  return pieces.length ? pieces : [bytes];
}

const STATUS_LINE = /^HTTP\/\d\.\d (\d{3})/;

/**
 * Sends a raw case's bytes on a new socket, paced as the case says.
 * @param {import('./fuzz-cases.mjs').FuzzCase} c
 * @param {{ port: number, deadlineMs: number }} to
 * @returns {Promise<Outcome>}
 */
export function sendRaw(c, to) {
  const raw = /** @type {Buffer} */ (c.raw);
  const socket = connect({ port: to.port, host: '127.0.0.1', allowHalfOpen: true });
  /** @type {(o: Outcome) => void} */
  let settle = () => {};
  const outcome = new Promise((/** @type {(o: Outcome) => void} */ resolve) => (settle = resolve));
  let done = false;
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  const finish = (/** @type {Outcome} */ o) => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    socket.destroy();
    settle(o);
  };
  let seen = Buffer.alloc(0);
  socket.on('data', (chunk) => {
    seen = Buffer.concat([seen, chunk]);
    const eol = seen.indexOf('\r\n');
    if (eol < 0 && seen.length < 64) return;
    const m = STATUS_LINE.exec(seen.subarray(0, Math.max(eol, 0)).toString('latin1'));
    finish(
      m
        ? { kind: 'answered', status: Number(m[1]) }
        : {
            kind: 'closed',
            status: null,
            detail: `not HTTP: ${seen.subarray(0, 40).toString('latin1')}`,
          },
    );
  });
  socket.on('error', () => {});
  socket.on('close', () => finish({ kind: 'closed', status: null }));
  const startDeadline = () => {
    if (done) return;
    timer = setTimeout(
      () => finish({ kind: 'hang', status: null, detail: `${c.pacing}: no answer nor close` }),
      to.deadlineMs,
    );
  };
  const headEnd = raw.indexOf('\r\n\r\n') + 4;
  const partial = () => raw.subarray(0, Math.floor(raw.length * c.sendFraction));
  const run = async () => {
    await new Promise((resolve) => socket.once('connect', resolve));
    switch (c.pacing) {
      case 'cut':
        socket.write(partial());
        await sleep(5);
        return finish({ kind: 'cut', status: null });
      case 'half-close':
        socket.end(partial());
        return startDeadline();
      case 'stall': {
        const body = raw.length - headEnd;
        socket.write(raw.subarray(0, headEnd + Math.floor(body * c.sendFraction)));
        return startDeadline();
      }
      case 'slow': {
        const pieces = split(raw, c.pauses.length + 1);
        for (let i = 0; i < pieces.length && !done; i++) {
          if (i > 0) await sleep(c.pauses[i - 1] ?? 0);
          socket.write(/** @type {Buffer} */ (pieces[i]));
        }
        socket.end();
        return startDeadline();
      }
      default:
        socket.end(raw);
        return startDeadline();
    }
  };
  run().catch((/** @type {unknown} */ err) =>
    finish({ kind: 'closed', status: null, detail: String(err) }),
  );
  return outcome;
}
