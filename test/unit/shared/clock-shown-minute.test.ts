import { describe, expect, it } from 'vitest';
import { clockShownMinute, clockTimeText } from '../../../src-shared/rules/clock-advance';

describe('the Simulator clock shows minutes', () => {
  it('gives every tick inside a minute the same value, so the <time> element does not change', () => {
    const start = Date.UTC(2026, 10, 28, 23, 5, 0, 0);
    const ticks = [0, 5_000, 30_123, 59_999].map((ms) => clockShownMinute(start + ms));
    expect(new Set(ticks)).toEqual(new Set([start]));
    expect(new Date(ticks[0]!).toISOString()).toBe('2026-11-28T23:05:00.000Z');
  });

  it('moves to the next minute at its first millisecond, as the text does', () => {
    const next = Date.UTC(2026, 10, 28, 23, 6, 0, 0);
    expect(clockShownMinute(next)).toBe(next);
    expect(clockShownMinute(next - 1)).toBe(next - 60_000);
    expect(clockTimeText(clockShownMinute(next - 1))).toBe('2026-11-28 23:05 UTC');
  });
});
