// The sandbox's own clock (docs/sandbox.md, The clock): real time plus an offset that only grows.
// Everything on the platform's side that expires or waits reads it: access tokens, codes, otps,
// rate-limit windows, the gaps between delivery attempts. Moving it forward is how a test meets
// an expired token or a stale otp without waiting for one.
//
// A wait (`at`) is held against the clock's time, not a fixed count of milliseconds: a real timer
// is armed for what is left of it, and an advance past its time runs it at once, the waits that
// came due run in the order of their times.

const MAX_TIMER_MS = 2 ** 31 - 1;

interface Wait {
  dueMs: number;
  /** Keeps the order of waits due at the same time: the first one set runs first. */
  order: number;
  run: () => void;
  timer: NodeJS.Timeout | null;
}

export class SandboxClock {
  private offset = 0;
  private readonly waits = new Set<Wait>();
  private nextOrder = 0;

  constructor(private readonly realNow: () => number = Date.now) {}

  /** The sandbox's time, in milliseconds since the epoch. */
  now(): number {
    return this.realNow() + this.offset;
  }

  /** How far ahead of real time the clock is, in milliseconds (kept in the state file). */
  get offsetMs(): number {
    return this.offset;
  }

  /** A state file's offset, at load: the clock is again as far ahead as it was when saved. */
  restore(offsetMs: number): void {
    this.offset = Math.max(0, offsetMs);
    this.rearm();
  }

  /** Moves the clock forward; the waits it passed run now, earliest first. */
  advance(ms: number): void {
    if (!(ms > 0)) throw new RangeError('The sandbox clock only moves forward.');
    this.offset += ms;
    this.rearm();
  }

  /** Runs `run` once the clock reaches `dueMs` (its time), by waiting or by an advance past it. */
  at(dueMs: number, run: () => void): void {
    const wait: Wait = { dueMs, order: this.nextOrder++, run, timer: null };
    this.waits.add(wait);
    this.arm(wait);
  }

  /** Drops every wait (the sandbox closes). */
  clear(): void {
    for (const w of this.waits) if (w.timer) clearTimeout(w.timer);
    this.waits.clear();
  }

  private arm(wait: Wait): void {
    if (wait.timer) clearTimeout(wait.timer);
    // A timer holds at most 2^31 - 1 ms (about 24 days; a longer one fires at once): a far wait is
    // armed again when that runs out, and runs only once the clock has reached its time.
    const left = Math.min(Math.max(0, wait.dueMs - this.now()), MAX_TIMER_MS);
    wait.timer = setTimeout(() => {
      if (wait.dueMs > this.now()) this.arm(wait);
      else this.fire(wait);
    }, left);
  }

  private fire(wait: Wait): void {
    if (!this.waits.delete(wait)) return;
    if (wait.timer) clearTimeout(wait.timer);
    wait.run();
  }

  private rearm(): void {
    const now = this.now();
    const due = [...this.waits]
      .filter((w) => w.dueMs <= now)
      .sort((a, b) => a.dueMs - b.dueMs || a.order - b.order);
    for (const w of due) this.fire(w);
    for (const w of this.waits) this.arm(w);
  }
}
