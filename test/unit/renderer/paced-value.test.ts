// The Event log's count is repainted a few times a second, not with every batch of live records:
// watchPaced shows the first change at once, then at most every everyMs, and always the last value.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { watchPaced } from '../../../src-renderer/src/stores/paced-value';

afterEach(() => {
  vi.useRealTimers();
});

describe('watchPaced', () => {
  it('shows a value changing every 30 ms at most every 250 ms, and its last value', () => {
    vi.useFakeTimers();
    const store = createStore<{ total: number }>()(() => ({ total: 0 }));
    const shown: number[] = [];
    const off = watchPaced(
      store,
      (s) => s.total,
      250,
      (v) => shown.push(v),
    );
    expect(shown).toEqual([0]);
    vi.advanceTimersByTime(300);
    // 20 changes, one every 30 ms (600 ms in all).
    for (let i = 1; i <= 20; i++) {
      store.setState({ total: i });
      vi.advanceTimersByTime(30);
    }
    // At once for the first (300 ms after the last), then once per 250 ms with the value then.
    expect(shown.length).toBeLessThanOrEqual(5);
    vi.advanceTimersByTime(250);
    expect(shown.at(-1)).toBe(20);
    expect(shown.slice(0, 2)).toEqual([0, 1]);
    // Nothing changes: nothing is shown again.
    const count = shown.length;
    store.setState({ total: 20 });
    vi.advanceTimersByTime(1000);
    expect(shown.length).toBe(count);
    off();
    store.setState({ total: 21 });
    vi.advanceTimersByTime(1000);
    expect(shown.at(-1)).toBe(20);
  });
});
