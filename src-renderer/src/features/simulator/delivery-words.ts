// The sandbox's delivery attempts in words: what each attempt got back, and where a delivery
// stands, so the list reads "HTTP 200 in 4 ms" rather than a row of numbers.
import type { SimDelivery } from '../../../../src-shared/contract';
import { durationMs } from '../../format';

type Attempt = SimDelivery['attempts'][number];

/** "HTTP 200 in 4 ms", or "no answer after 10.0 s: connect ECONNREFUSED 127.0.0.1:9". */
export function attemptWords(a: Attempt): string {
  if (a.status === null) {
    return `no answer after ${durationMs(a.durationMs)}${a.error ? `: ${a.error}` : ''}`;
  }
  return `HTTP ${a.status} in ${durationMs(a.durationMs)}`;
}

type Tone = 'ok' | 'warn' | 'error' | 'quiet';

const STATUS: Record<string, { words: string; tone: Tone }> = {
  delivered: { words: 'delivered', tone: 'ok' },
  pending: { words: 'retrying', tone: 'warn' },
  failed: { words: 'failed', tone: 'error' },
  undelivered: { words: 'not sent: no endpoint URL', tone: 'quiet' },
};

/** Where the delivery stands, with the attempts it took. */
export function deliveryStatus(d: SimDelivery): { words: string; tone: Tone } {
  const known = STATUS[d.status] ?? { words: d.status, tone: 'quiet' as const };
  const n = d.attempts.length;
  if (n === 0) return known;
  return { ...known, words: `${known.words} · ${n} attempt${n === 1 ? '' : 's'}` };
}
