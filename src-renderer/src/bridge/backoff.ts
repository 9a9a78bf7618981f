// Reconnect delays: quick at first (a host restart takes about a second), then capped so a long
// outage does not hammer the loopback port. Jitter keeps several windows from retrying in step.

const BASE_MS = 250;
const MAX_MS = 10_000;

export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const exp = Math.min(MAX_MS, BASE_MS * 2 ** Math.max(0, attempt - 1));
  return Math.round(exp * (0.75 + random() * 0.5));
}
