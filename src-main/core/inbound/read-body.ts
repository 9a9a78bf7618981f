// Reads a request body with a size cap and an idle deadline, so that an oversized or stalled sender
// gets a clear answer instead of holding memory or a connection for ever.
// Every delivery comes through here, so a read allocates one state object and no closures: the
// listeners are shared functions that find the read on the request, and the deadlines of all reads
// are checked by one timer (a setTimeout and clearTimeout per delivery were the largest part of
// reading a body, profiled under `npm run bench:inbound`).
import type { IncomingMessage } from 'node:http';

export type BodyResult =
  | { kind: 'ok'; bytes: Buffer }
  | { kind: 'too-large'; received: number }
  | { kind: 'timeout'; bytes: Buffer }
  /** Still moving, but slower than the total deadline allows (a trickle). */
  | { kind: 'too-slow'; bytes: Buffer }
  | { kind: 'aborted'; bytes: Buffer };

interface BodyLimits {
  maxBytes: number;
  /** How long the body may stall (no bytes). */
  timeoutMs: number;
  /** How long the whole body may take, even while it moves. */
  totalTimeoutMs: number;
}

interface Reading {
  req: IncomingMessage;
  limits: BodyLimits;
  chunks: Buffer[];
  received: number;
  started: number;
  lastData: number;
  resolve: (result: BodyResult) => void;
}

const READING = Symbol('reading');
type Read = IncomingMessage & { [READING]?: Reading };

/**
 * A deadline is noticed at most this share of its length late (a 10 s stall after 10 to 12.5 s),
 * which keeps the total deadline (45 s) well before the server's requestTimeout (70 s).
 */
const CHECKS_PER_DEADLINE = 4;
const reading = new Set<Reading>();
let sweep: { timer: NodeJS.Timeout; at: number } | null = null;

export function readBody(req: IncomingMessage, limits: BodyLimits): Promise<BodyResult> {
  return new Promise((resolve) => {
    const now = performance.now();
    const r: Reading = {
      req,
      limits,
      chunks: [],
      received: 0,
      started: now,
      lastData: now,
      resolve,
    };
    (req as Read)[READING] = r;
    reading.add(r);
    armSweep(now + period(limits));
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onAbort);
    // 'close' before 'end': the sender went away mid-body.
    req.on('close', onAbort);
  });
}

function onData(this: Read, chunk: Buffer) {
  const r = this[READING];
  if (!r) return;
  // An idle deadline, not a total one: a large body on a slow link is fine while it moves.
  r.lastData = performance.now();
  r.received += chunk.length;
  if (r.received > r.limits.maxBytes) finish(r, { kind: 'too-large', received: r.received });
  else r.chunks.push(chunk);
}

function onEnd(this: Read) {
  const r = this[READING];
  if (r) finish(r, { kind: 'ok', bytes: bytesOf(r) });
}

function onAbort(this: Read) {
  const r = this[READING];
  if (r) finish(r, { kind: 'aborted', bytes: bytesOf(r) });
}

/** Most bodies come in one chunk (a copy of its own, made by the HTTP parser): no concat. */
const bytesOf = (r: Reading) => (r.chunks.length === 1 ? r.chunks[0]! : Buffer.concat(r.chunks));

function finish(r: Reading, result: BodyResult) {
  const req = r.req as Read;
  if (req[READING] !== r) return;
  req[READING] = undefined;
  reading.delete(r);
  req.off('data', onData);
  req.off('end', onEnd);
  req.off('error', onAbort);
  req.off('close', onAbort);
  // Keep reading but drop the rest, so the sender gets to read the answer (the server's
  // requestTimeout ends a sender that never stops).
  if (result.kind !== 'ok') req.resume();
  r.resolve(result);
}

const period = (limits: BodyLimits) =>
  Math.min(limits.timeoutMs, limits.totalTimeoutMs) / CHECKS_PER_DEADLINE;

/** Makes sure the deadlines are checked by `at` (the timer is only moved earlier, never later). */
function armSweep(at: number) {
  if (sweep && sweep.at <= at) return;
  if (sweep) clearTimeout(sweep.timer);
  sweep = { timer: setTimeout(checkDeadlines, Math.max(0, at - performance.now())), at };
}

function checkDeadlines() {
  sweep = null;
  const now = performance.now();
  let next = Infinity;
  for (const r of reading) {
    // Below the server's requestTimeout, so a trickling sender gets this answer and a record
    // instead of Node's own bare 408.
    if (now - r.lastData >= r.limits.timeoutMs) finish(r, { kind: 'timeout', bytes: bytesOf(r) });
    else if (now - r.started >= r.limits.totalTimeoutMs)
      finish(r, { kind: 'too-slow', bytes: bytesOf(r) });
    else next = Math.min(next, now + period(r.limits));
  }
  if (next !== Infinity) armSweep(next);
}
