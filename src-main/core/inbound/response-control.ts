// Which answer the receiver gives a delivery: the profile's configured status, body and delay; a
// simulated failure at the chosen rate (so the platform's retries can be watched); or a 401 for
// an unverified delivery when the profile asks to act like a strict app.
import type {
  DeliveryCapture,
  ResponseControl,
  SignatureOutcome,
} from '../../../src-shared/contract';

export type PlannedResponse = DeliveryCapture['response'] & { contentType: string };

export function planResponse(
  control: ResponseControl,
  outcome: SignatureOutcome,
  random: () => number = Math.random,
): PlannedResponse {
  // Whole literals, not `{ ...base, status }`: V8 gives every object built by a spread followed by
  // more properties a hidden class of its own, and this runs for every delivery.
  if (control.rejectUnverified && outcome !== 'valid') {
    return {
      status: 401,
      body: `The delivery's signature is ${outcome}; this endpoint is set to refuse unverified deliveries.`,
      delayMs: control.delayMs,
      reason: 'unverified',
      contentType: 'text/plain; charset=utf-8',
    };
  }
  if (control.failureRate > 0 && random() < control.failureRate) {
    return {
      status: control.failureStatus,
      body: `Simulated failure (failure rate ${control.failureRate}).`,
      delayMs: control.delayMs,
      reason: 'failure-rate',
      contentType: 'text/plain; charset=utf-8',
    };
  }
  return {
    status: control.status,
    body: control.body,
    delayMs: control.delayMs,
    reason: 'configured',
    contentType: control.contentType,
  };
}

/** A refusal of a request that is not a delivery at all (too large, malformed, too slow). */
export function refusal(status: number, body: string): PlannedResponse {
  return { status, body, delayMs: 0, reason: 'refused', contentType: 'text/plain; charset=utf-8' };
}
