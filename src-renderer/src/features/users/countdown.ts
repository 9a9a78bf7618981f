// Remaining times for the flow's timeout and each token's expiry ("4 min 53 s"), computed from
// the ticking clock of useNow so they count down on screen, in the words of every duration.
import { wholeSeconds } from '../../format';

/** The time left until `iso`; null when it has passed. */
export function remaining(iso: string, now: number): string | null {
  const ms = Date.parse(iso) - now;
  if (!Number.isFinite(ms) || ms <= 0) return null;
  return wholeSeconds(Math.ceil(ms / 1000));
}
