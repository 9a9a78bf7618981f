import { describe, expect, it } from 'vitest';
import { durationMs, wholeSeconds } from '../../../src-renderer/src/format';
import { remaining } from '../../../src-renderer/src/features/users/countdown';

describe('one format for every duration', () => {
  it('reads from milliseconds to hours in the same words', () => {
    expect(durationMs(6.64)).toBe('6.6 ms');
    expect(durationMs(412.4)).toBe('412 ms');
    expect(durationMs(12_345)).toBe('12.3 s');
    expect(durationMs(65_000)).toBe('1 min 05 s');
    expect(wholeSeconds(3_725)).toBe('1 h 02 min 05 s');
  });

  it('counts down in those words', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(remaining('2025-01-01T00:04:53Z', now)).toBe('4 min 53 s');
    expect(remaining('2025-01-01T00:00:45Z', now)).toBe('45 s');
    expect(remaining('2024-12-31T23:59:59Z', now)).toBe(null);
  });
});
