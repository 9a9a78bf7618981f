// PeriodicSync on its own: a sync only after something was written, never two at once, none after stop.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PeriodicSync } from '../../../../src-main/core/log/journal-periodic-sync';

afterEach(() => vi.useRealTimers());

describe('PeriodicSync', () => {
  it('syncs once per interval after a write, not while nothing was written, and one at a time', () => {
    vi.useFakeTimers();
    const pending: (() => void)[] = [];
    const sync = new PeriodicSync(3, 100, (fd, done) => {
      expect(fd).toBe(3);
      pending.push(done);
    });
    vi.advanceTimersByTime(300);
    expect(pending).toHaveLength(0);
    sync.written();
    vi.advanceTimersByTime(100);
    expect(pending).toHaveLength(1);
    // Written again while the first sync runs: the next tick waits for it, then syncs again.
    sync.written();
    vi.advanceTimersByTime(300);
    expect(pending).toHaveLength(1);
    pending[0]!();
    vi.advanceTimersByTime(100);
    expect(pending).toHaveLength(2);
    pending[1]!();
    sync.written();
    sync.stop();
    vi.advanceTimersByTime(500);
    expect(pending).toHaveLength(2);
  });
});
