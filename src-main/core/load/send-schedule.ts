// When each delivery of a load run is due: an open model, as the platform sends (deliveries come
// when users write, whatever the handler is doing), so the schedule never waits for an answer.
// Delivery i is due at i / rate seconds after the start. Whatever was due by the time the sender
// looks is sent then, however late; a send that starts more than `lateAfterMs` after it was due is
// counted late, so a sender that could not keep up says so rather than quietly sending fewer.

interface DueSend {
  index: number;
  /** When it was due, in ms after the start. */
  dueMs: number;
  late: boolean;
}

interface SendSchedule {
  /** Every delivery of the run: rate × duration. */
  total: number;
  /** The deliveries due by `elapsedMs` (ms after the start) not taken before, in order. */
  take(elapsedMs: number): DueSend[];
  /** How long after the start the next delivery is due; null when every one was taken. */
  nextDueMs(): number | null;
}

export function createSendSchedule(options: {
  rate: number;
  durationMs: number;
  lateAfterMs: number;
}): SendSchedule {
  const gapMs = 1000 / options.rate;
  const total = Math.max(1, Math.round((options.rate * options.durationMs) / 1000));
  let next = 0;
  const dueMs = (index: number) => index * gapMs;
  return {
    total,
    take(elapsedMs) {
      const taken: DueSend[] = [];
      while (next < total && dueMs(next) <= elapsedMs) {
        const due = dueMs(next);
        taken.push({ index: next, dueMs: due, late: elapsedMs - due > options.lateAfterMs });
        next += 1;
      }
      return taken;
    },
    nextDueMs: () => (next < total ? dueMs(next) : null),
  };
}
