// Per app and endpoint, a fixed window of `count` calls per `window_s` seconds (API document §8,
// docs/sandbox.md Rate limits). Over it: 429 rate_limited with Retry-After. `now` is the sandbox's
// clock, so that advancing it opens the next window (docs/sandbox.md, The clock).
import { ApiError } from './http/reply';
import type { AppRecord } from './state/records';

export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  hit(app: AppRecord, endpointId: string, now: number): void {
    const key = `${app.client_id}\u0000${endpointId}`;
    const windowMs = app.rate_limit.window_s * 1000;
    let w = this.windows.get(key);
    if (!w || now - w.start >= windowMs) {
      w = { start: now, count: 0 };
      this.windows.set(key, w);
    }
    w.count += 1;
    if (w.count > app.rate_limit.count) {
      const retryAfter = Math.max(1, Math.ceil((w.start + windowMs - now) / 1000));
      throw new ApiError(
        'rate_limited',
        `The app ${app.client_id} went over ${app.rate_limit.count} calls per ${app.rate_limit.window_s} s on ${endpointId}; retry after ${retryAfter} s.`,
        { 'retry-after': String(retryAfter) },
      );
    }
  }

  /** A changed limit starts afresh. */
  reset(clientId: string): void {
    for (const key of this.windows.keys()) {
      if (key.startsWith(`${clientId}\u0000`)) this.windows.delete(key);
    }
  }
}
