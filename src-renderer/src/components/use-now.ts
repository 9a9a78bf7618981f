// The current time, ticking while `active` (always, unless told otherwise): for "valid until"
// displays that must turn into "expired" without anything else changing, and for countdowns (a
// token's expiry, the flow's timeout, Retry-After, the tunnel's "retrying in N s").
import { useEffect, useState } from 'react';

interface NowOptions {
  /** How often it ticks (default 1000 ms). */
  everyMs?: number;
  /** Ticks only while true (default true); read afresh each time it turns true. */
  active?: boolean;
}

export function useNow({ everyMs = 1000, active = true }: NowOptions = {}): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [active, everyMs]);
  return now;
}
