// How answers are judged (docs/endpoint-check.md): what counts as accepted (any 2xx, API document
// §6 and docs/sandbox.md, Deliveries), as refused, and as tolerated; the words of each outcome.
import type { EndpointCheckOutcome, EndpointCheckLatency } from '../../../src-shared/contract';
import type { SentDelivery } from './send-delivery';

export interface Verdict {
  outcome: EndpointCheckOutcome;
  reason: string;
  advice: string;
}

const is2xx = (s: number | null) => s !== null && s >= 200 && s < 300;
const is3xx = (s: number | null) => s !== null && s >= 300 && s < 400;
const is4xx = (s: number | null) => s !== null && s >= 400 && s < 500;

/** How one answer reads: "answered 200 in 12 ms", "got no answer (…)". */
export function answerWords(sent: SentDelivery): string {
  if (sent.status === null) return `got no answer (${sent.error ?? 'the connection closed'})`;
  const to = sent.location ? ` to ${sent.location}` : '';
  return `answered ${sent.status}${to} in ${Math.round(sent.ms)} ms`;
}

const REDIRECT_ADVICE =
  'The platform does not follow redirects (docs/sandbox.md, Deliveries): register the final URL as the endpoint URL.';

/** Every delivery must be answered 2xx: the platform retries anything else. */
export function judgeAccepted(sent: SentDelivery[], what: string): Verdict {
  const bad = sent.find((s) => !is2xx(s.status));
  if (!bad) {
    return { outcome: 'pass', reason: `${what}: ${answerWords(sent[0]!)}.`, advice: '' };
  }
  if (is3xx(bad.status)) {
    return {
      outcome: 'fail',
      reason: `${what}: ${answerWords(bad)}, a redirect.`,
      advice: REDIRECT_ADVICE,
    };
  }
  return {
    outcome: 'fail',
    reason: `${what}: ${answerWords(bad)}, not 2xx, so the platform counts it failed and sends it again after 1, 2, 4 and 8 s.`,
    advice:
      bad.status === null
        ? "Answer every validly signed delivery with 2xx within 10 s; see the handler's log for why it closed the connection or took so long."
        : bad.status === 401 || bad.status === 403
          ? "The handler refused a validly signed delivery: check that it verifies with the app's client secret (the one the check signs with: TP_CLIENT_SECRET or the profile's) and the app's method, over the exact `data` string."
          : `Answer 2xx to every validly signed delivery, whatever its type; see the handler's log for why it answered ${bad.status}.`,
  };
}

/** A forgery must not be answered 2xx; a 4xx is the right refusal. */
export function judgeRefused(sent: SentDelivery, what: string): Verdict {
  if (is2xx(sent.status)) {
    return {
      outcome: 'fail',
      reason: `${what}: ${answerWords(sent)}, as if it came from the platform. Anyone who knows this URL can send your app messages.`,
      advice:
        "Verify `signature` over the exact `data` string with the app's method and key before acting on a delivery (docs/sandbox.md, Deliveries), compare in constant time, and answer 401 or 403 when it does not verify.",
    };
  }
  if (is4xx(sent.status)) {
    return { outcome: 'pass', reason: `${what}: refused, ${answerWords(sent)}.`, advice: '' };
  }
  return {
    outcome: 'warn',
    reason: `${what}: not accepted, but ${answerWords(sent)}.`,
    advice:
      'Refuse a delivery that does not verify with 401 or 403: a 5xx or a dropped connection reads as a crash in your logs and monitoring.',
  };
}

/** Something the handler does not know yet: 2xx or 4xx, never a crash. */
export function judgeTolerated(sent: SentDelivery, what: string): Verdict {
  if (is2xx(sent.status) || is4xx(sent.status)) {
    return { outcome: 'pass', reason: `${what}: ${answerWords(sent)}.`, advice: '' };
  }
  return {
    outcome: 'fail',
    reason: `${what}: ${answerWords(sent)}.`,
    advice: is3xx(sent.status)
      ? REDIRECT_ADVICE
      : 'Ignore fields and types you do not know (answer 2xx, or 4xx), never crash on them: the platform adds new ones (API document §6.1: "similar messages are delivered for other events").',
  };
}

/** The value below which `fraction` of the sorted values lie (nearest rank). */
export function percentile(sortedMs: number[], fraction: number): number {
  if (sortedMs.length === 0) return 0;
  const rank = Math.ceil(fraction * sortedMs.length) - 1;
  return sortedMs[Math.min(sortedMs.length - 1, Math.max(0, rank))]!;
}

export function latency(sent: SentDelivery[]): EndpointCheckLatency {
  const ms = sent.map((s) => s.ms).sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    count: ms.length,
    p50Ms: round(percentile(ms, 0.5)),
    p99Ms: round(percentile(ms, 0.99)),
  };
}
