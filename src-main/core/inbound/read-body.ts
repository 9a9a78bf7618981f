// Reads a request body with a size cap and an idle deadline, so that an oversized or stalled sender
// gets a clear answer instead of holding memory or a connection for ever.
import type { IncomingMessage } from 'node:http';

export type BodyResult =
  | { kind: 'ok'; bytes: Buffer }
  | { kind: 'too-large'; received: number }
  | { kind: 'timeout'; bytes: Buffer }
  /** Still moving, but slower than the total deadline allows (a trickle). */
  | { kind: 'too-slow'; bytes: Buffer }
  | { kind: 'aborted'; bytes: Buffer };

export function readBody(
  req: IncomingMessage,
  {
    maxBytes,
    timeoutMs,
    totalTimeoutMs,
  }: { maxBytes: number; timeoutMs: number; totalTimeoutMs: number },
): Promise<BodyResult> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let received = 0;
    let settled = false;
    const started = performance.now();
    let lastData = started;
    const finish = (result: BodyResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onAbort);
      req.off('close', onAbort);
      // Keep reading but drop the rest, so the sender gets to read the answer (the server's
      // requestTimeout ends a sender that never stops).
      if (result.kind !== 'ok') req.resume();
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      // An idle deadline, not a total one: a large body on a slow link is fine while it moves.
      lastData = performance.now();
      received += chunk.length;
      if (received > maxBytes) finish({ kind: 'too-large', received });
      else chunks.push(chunk);
    };
    // Most bodies come in one chunk (a copy of its own, made by the HTTP parser): no concat.
    const bytes = () => (chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
    const onEnd = () => finish({ kind: 'ok', bytes: bytes() });
    const onAbort = () => finish({ kind: 'aborted', bytes: bytes() });
    // One timer for both deadlines, not one for each and a refresh for every chunk: it wakes at the
    // nearer of the two as they stood when it was set, and sets itself again if the body moved.
    const check = () => {
      const now = performance.now();
      const idleLeft = lastData + timeoutMs - now;
      // Below the server's requestTimeout, so a trickling sender gets this answer and a record
      // instead of Node's own bare 408.
      const totalLeft = started + totalTimeoutMs - now;
      if (idleLeft <= 0) finish({ kind: 'timeout', bytes: bytes() });
      else if (totalLeft <= 0) finish({ kind: 'too-slow', bytes: bytes() });
      else timer = setTimeout(check, Math.min(idleLeft, totalLeft));
    };
    let timer = setTimeout(check, Math.min(timeoutMs, totalTimeoutMs));
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onAbort);
    // 'close' before 'end': the sender went away mid-body.
    req.on('close', onAbort);
  });
}
