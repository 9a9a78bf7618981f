// "4:53" style remaining times for the flow's timeout and each token's expiry, computed from the
// ticking clock of useNow so they count down on screen.

/** m:ss (or h:mm:ss) until `iso`; null when it has passed. */
export function remaining(iso: string, now: number): string | null {
  const ms = Date.parse(iso) - now;
  if (!Number.isFinite(ms) || ms <= 0) return null;
  const total = Math.ceil(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
