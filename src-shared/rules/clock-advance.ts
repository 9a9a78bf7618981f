// How far the sandbox's clock is moved forward (docs/sandbox.md, The clock): `90s`, `10m`, `1h`,
// `1d`, or a number of seconds. Shared by the sandbox's POST /_sandbox/clock/advance, the
// simulator's command and a scenario's `advance-clock` step, so all three read it alike.
import { z } from 'zod';

const UNIT_SECONDS = { s: 1, m: 60, h: 3600, d: 86_400 } as const;
const PATTERN = /^(\d+(?:\.\d+)?)\s*(s|m|h|d)$/;

/**
 * The most one advance moves the clock: past it, dates overflow long before anything useful is
 * tested (a token lives ten hours, an otp ten minutes).
 */
const MAX_CLOCK_ADVANCE_S = 366 * 86_400;

/**
 * The furthest the clock goes ahead of real time, all advances together: a bound on what a state
 * file (untrusted, like any file) or a long session can set, far inside what a Date can hold.
 */
export const MAX_CLOCK_OFFSET_S = 100 * 366 * 86_400;

const CLOCK_ADVANCE_WORDS = 'a duration like 90s, 10m, 1h or 1d, or a number of seconds';

/** Seconds, or null when `value` is not a duration of that form. */
function clockAdvanceSeconds(value: string | number): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const match = PATTERN.exec(value.trim());
  if (!match) return null;
  return Number(match[1]) * UNIT_SECONDS[match[2] as keyof typeof UNIT_SECONDS];
}

/** A forward move of the clock, in seconds: more than 0, at most MAX_CLOCK_ADVANCE_S. */
export const ClockAdvance = z.union([z.number(), z.string().max(32)]).transform((value, ctx) => {
  const seconds = clockAdvanceSeconds(value);
  if (seconds === null) {
    ctx.addIssue({ code: 'custom', message: `the clock moves by ${CLOCK_ADVANCE_WORDS}` });
    return z.NEVER;
  }
  if (seconds <= 0) {
    ctx.addIssue({
      code: 'custom',
      message: 'the clock only moves forward: give a duration above 0',
    });
    return z.NEVER;
  }
  if (seconds > MAX_CLOCK_ADVANCE_S) {
    ctx.addIssue({
      code: 'custom',
      message: 'the clock moves at most 366d at a time: advance it again for more',
    });
    return z.NEVER;
  }
  return seconds;
});

/** `1 h 10 min`: how far ahead of real time the sandbox's clock is, in words. */
export function clockOffsetWords(offsetS: number): string {
  if (offsetS <= 0) return 'real time';
  const days = Math.floor(offsetS / 86_400);
  const hours = Math.floor((offsetS % 86_400) / 3600);
  const minutes = Math.floor((offsetS % 3600) / 60);
  const seconds = Math.round(offsetS % 60);
  const parts = [
    days ? `${days} d` : '',
    hours ? `${hours} h` : '',
    minutes ? `${minutes} min` : '',
    seconds && !days && !hours ? `${seconds} s` : '',
  ].filter(Boolean);
  return parts.length ? parts.join(' ') : `${offsetS} s`;
}

/**
 * The minute a time of the sandbox's clock falls in, as the Simulator shows it: its `<time>` then
 * changes once a minute, not at each of its ticks (a change there repaints the panel for nothing).
 */
export function clockShownMinute(ms: number): number {
  return Math.floor(ms / 60_000) * 60_000;
}

/** `2026-11-28 18:52 UTC`: a time of the sandbox's clock as the Simulator shows it. */
export function clockTimeText(ms: number): string {
  const iso = new Date(ms).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}
