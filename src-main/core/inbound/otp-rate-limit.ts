// A rate limit on the otp routes (the management and directory URLs), per source. Each GET of the
// management URL costs an app-token call to /tp/otp/verify.json and each GET of the directory URL
// a call to /tp/authorize, and once the tunnel is up anyone who learns its URL can send them: a
// person opening these URLs from the platform needs a few a minute, not more.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Journal } from '../log';
import { isLoopbackHost } from '../api';
import { sendText } from './receiver';
import { forwardedFor } from './forwarded-for';

interface OtpRouteLimits {
  /** Requests per window from one source (a client address). */
  perSource: number;
  /**
   * Requests per window from one peer, whatever address it forwards for: every request through
   * the tunnel comes from the tunnel client on loopback, and a forwarded address is only as
   * honest as the tunnel that set it, so this bounds the cost even when it is made up.
   */
  perPeer: number;
  windowMs: number;
}

const OTP_ROUTE_LIMITS: OtpRouteLimits = { perSource: 10, perPeer: 60, windowMs: 60_000 };

/**
 * Who sent the request: the peer's address, and for a request from loopback that carries
 * X-Forwarded-For (a tunnel, TP Inspector's or the person's own) the last address in it, the one
 * the nearest proxy added. A request from elsewhere is its peer alone: it forwards for nobody.
 */
function requestSource(req: IncomingMessage): { peer: string; source: string } {
  const peer = req.socket.remoteAddress ?? 'unknown';
  const last = forwardedFor(req);
  const peerIsLoopback = isLoopbackHost(peer.replace(/^::ffff:/, ''));
  return { peer, source: peerIsLoopback && last ? `${last} (forwarded)` : peer };
}

interface OtpRateLimit {
  /** True when the request may go on; otherwise it has been answered 429. */
  admit(req: IncomingMessage, res: ServerResponse): boolean;
}

export function createOtpRateLimit(
  journal: Journal,
  limits: OtpRouteLimits = OTP_ROUTE_LIMITS,
  now: () => number = Date.now,
): OtpRateLimit {
  // Fixed windows by key; expired ones are dropped as new keys come, so made-up forwarded
  // addresses cannot grow the map without bound (a peer over its limit adds no source key).
  const windows = new Map<string, { start: number; count: number }>();
  const prune = (at: number) => {
    for (const [key, w] of windows) if (at - w.start >= limits.windowMs) windows.delete(key);
  };

  /** Counts one request; the seconds until the window ends when it is one too many. */
  const hit = (key: string, limit: number, at: number, who: string): number | null => {
    let w = windows.get(key);
    if (!w || at - w.start >= limits.windowMs) {
      if (windows.size >= 1_000) prune(at);
      w = { start: at, count: 0 };
      windows.set(key, w);
    }
    w.count += 1;
    if (w.count <= limit) return null;
    const retryAfter = Math.max(1, Math.ceil((w.start + limits.windowMs - at) / 1000));
    // One record when the limit trips, not one per refused request.
    if (w.count === limit + 1) {
      journal.append({
        kind: 'system',
        summary: `Too many requests at the management and directory URLs from ${who}: refused for ${retryAfter} s`,
        system: {
          level: 'warn',
          message: `${who} went over ${limit} requests in ${limits.windowMs / 1000} s at the otp routes (management and directory URLs). Further requests are answered 429 with Retry-After until the window ends in ${retryAfter} s; they are not journaled one by one.`,
        },
      });
    }
    return retryAfter;
  };

  return {
    admit(req, res) {
      const at = now();
      const { peer, source } = requestSource(req);
      const retryAfter =
        source === peer
          ? hit(`source ${peer}`, limits.perSource, at, peer)
          : (hit(`peer ${peer}`, limits.perPeer, at, `all sources forwarded by ${peer}`) ??
            hit(`source ${source}`, limits.perSource, at, source));
      if (retryAfter === null) return true;
      req.resume();
      res.setHeader('retry-after', String(retryAfter));
      sendText(res, 429, 'Too many requests. Try again later.');
      return false;
    },
  };
}
