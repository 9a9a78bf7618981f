// The address a request came from as the nearest proxy (a tunnel) saw it: the LAST entry of
// X-Forwarded-For, the one that proxy appended; earlier entries are whatever the sender wrote.
// The public edge's rate cap and the otp routes' limit both key on it.
import type { IncomingMessage } from 'node:http';

export function forwardedFor(req: IncomingMessage): string | null {
  const forwarded = req.headers['x-forwarded-for'];
  const list = Array.isArray(forwarded) ? forwarded.join(',') : forwarded;
  // Capped: a made-up header must not make a long map key.
  return list?.split(',').at(-1)?.trim().slice(0, 64) || null;
}
