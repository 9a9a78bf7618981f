// The platform's deadline for one delivery attempt: how long it waits for the app's answer before
// it counts the attempt as failed and retries after 1, 2, 4 and 8 s (docs/sandbox.md, Deliveries).
// One definition for the sandbox, which plays the platform, and the engine, which says when its
// receiver (or a forward target) answered after it: an answer after the deadline reaches nobody,
// so it is no success, whatever its status.

/** How long the platform waits for the answer to one delivery attempt. */
export const PLATFORM_DELIVERY_DEADLINE_MS = 10_000;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const wholeSeconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/** Whether an answer after `afterMs` came too late for the platform. */
export const pastDeadline = (afterMs: number) => afterMs >= PLATFORM_DELIVERY_DEADLINE_MS;

/**
 * The receiver's answer to a delivery, given after the deadline: "answered 200 after 12.0 s: the
 * platform had stopped waiting at 10 s and retries".
 */
export function lateAnswerWords(status: number, afterMs: number): string {
  return `answered ${status} after ${seconds(afterMs)}: the platform had stopped waiting at ${wholeSeconds(PLATFORM_DELIVERY_DEADLINE_MS)} and retries`;
}

/**
 * A forward target's answer after the deadline: the target is the app's own server, and the
 * platform would not have waited for it.
 */
export function lateForwardWords(status: number, afterMs: number): string {
  return `answered ${status} after ${seconds(afterMs)}: past the platform's ${wholeSeconds(PLATFORM_DELIVERY_DEADLINE_MS)} deadline, so the platform would have stopped waiting and retried`;
}
