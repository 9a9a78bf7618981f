// A per-source rate cap on the delivery route, for requests that come from the public edge: a
// token bucket per source, refilled at `perSecond`, holding at most `burst`. The platform retries a
// delivery that gets a 429 after its Retry-After, so a capped sender loses nothing.
import type { IncomingMessage } from 'node:http';
import { forwardedFor } from './forwarded-for';

export interface RateCapOptions {
  /** Sustained requests per second a source may send. */
  perSecond: number;
  /** How many it may send at once after a quiet spell. */
  burst: number;
}

/**
 * 50 a second with a burst of 100: far above what one app's traffic on the platform needs (the
 * sandbox sends a handful a second), far below what it takes to fill the disk with records.
 */
export const DEFAULT_RATE_CAP: RateCapOptions = { perSecond: 50, burst: 100 };
/** Buckets kept at most; a full bucket is forgotten first, as it would be refilled anyway. */
const MAX_BUCKETS = 10_000;

interface RateCap {
  /** Null when the request may go on; else the seconds to put in Retry-After. */
  take(source: string): number | null;
}

export function createRateCap({ perSecond, burst }: RateCapOptions, now = () => performance.now()) {
  const buckets = new Map<string, { tokens: number; at: number }>();
  const forgetFull = (t: number) => {
    for (const [source, b] of buckets) {
      if (b.tokens + ((t - b.at) / 1000) * perSecond >= burst) buckets.delete(source);
    }
  };
  return {
    take(source: string): number | null {
      const t = now();
      let bucket = buckets.get(source);
      if (!bucket) {
        if (buckets.size >= MAX_BUCKETS) forgetFull(t);
        bucket = { tokens: burst, at: t };
        buckets.set(source, bucket);
      }
      bucket.tokens = Math.min(burst, bucket.tokens + ((t - bucket.at) / 1000) * perSecond);
      bucket.at = t;
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return null;
      }
      return Math.max(1, Math.ceil((1 - bucket.tokens) / perSecond));
    },
  } satisfies RateCap;
}

/**
 * Where a request comes from, as the public edge saw it, or null for a request sent on this
 * machine. The receiver listens on loopback only, so every request has a loopback address; one
 * that came through a tunnel is told by the tunnel's connection (`viaTunnel`) or by the
 * X-Forwarded-For header every tunnel service adds. Its LAST entry is the one the nearest proxy
 * appended (the address it saw); earlier entries are whatever the sender wrote.
 */
export function edgeSource(req: IncomingMessage, viaTunnel: boolean): string | null {
  return forwardedFor(req) ?? (viaTunnel ? 'the tunnel' : null);
}
