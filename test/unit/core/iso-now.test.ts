import { describe, expect, it } from 'vitest';
import { isoNow } from '../../../src-main/core/log/iso-now';

describe('isoNow', () => {
  it('gives what Date#toISOString gives, within a second and across seconds', () => {
    const start = Date.UTC(2026, 10, 22, 23, 59, 58, 0);
    for (let ms = start; ms < start + 3000; ms += 7) {
      expect(isoNow(ms)).toBe(new Date(ms).toISOString());
    }
    // Going back in time (a clock set back) and far dates.
    for (const ms of [start, 0, 999, 1000, Date.UTC(9999, 11, 31, 23, 59, 59, 999), Date.now()]) {
      expect(isoNow(ms)).toBe(new Date(ms).toISOString());
    }
  });
});
