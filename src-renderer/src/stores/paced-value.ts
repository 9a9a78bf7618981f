// A value read from a store that changes many times a second, shown at most a few times a second:
// the Event log's record count changes with every batch of live records (tens a second while
// deliveries come), a person reads a few numbers a second, and each change repaints the count.

/** The least a store needs for it: zustand's vanilla store has both. */
export interface Watchable<S> {
  getState(): S;
  subscribe(listener: () => void): () => void;
}

/**
 * Calls `show` with the selected value at once, then on a change at once if the last was at least
 * `everyMs` ago, otherwise when that time has passed (with the value then): the last value is
 * always shown. Values equal to the one shown are not shown again. Returns the unsubscribe.
 */
export function watchPaced<S, T>(
  store: Watchable<S>,
  select: (s: S) => T,
  everyMs: number,
  show: (value: T) => void,
): () => void {
  let shown = select(store.getState());
  let shownAt = performance.now();
  let timer: ReturnType<typeof setTimeout> | null = null;
  const update = () => {
    timer = null;
    const value = select(store.getState());
    if (Object.is(value, shown)) return;
    shown = value;
    shownAt = performance.now();
    show(value);
  };
  show(shown);
  const off = store.subscribe(() => {
    if (timer !== null) return;
    const wait = shownAt + everyMs - performance.now();
    if (wait <= 0) update();
    else timer = setTimeout(update, wait);
  });
  return () => {
    off();
    if (timer !== null) clearTimeout(timer);
  };
}
