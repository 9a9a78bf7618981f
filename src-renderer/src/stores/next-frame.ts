// Work that follows the engine's events at the pace of the screen: records arrive by the hundred a
// second under load, and a store that changed on each one would have React render (and the page lay
// out) far more often than a frame can show.

/** Where no frame comes (a hidden window), what waits for one runs after this long. */
export const NO_FRAME_MS = 100;

/**
 * Runs `run` once, before the next frame is painted, or after `latestMs` where there are no frames
 * (a hidden tab, or no DOM at all in the stores' tests).
 */
function onNextFrame(run: () => void, latestMs: number): void {
  let frame: number | undefined;
  const timer = setTimeout(() => {
    if (frame !== undefined) cancelAnimationFrame(frame);
    run();
  }, latestMs);
  if (typeof requestAnimationFrame === 'function') {
    frame = requestAnimationFrame(() => {
      clearTimeout(timer);
      run();
    });
  }
}

/**
 * Runs `run` on the first frame at least `gapMs` after `since` (a performance.now() time): a store
 * that changes at most so often while events keep coming, whatever the screen's frame rate.
 */
export function onFrameAfter(
  run: () => void,
  since: number,
  gapMs: number,
  latestMs: number,
): void {
  onNextFrame(() => {
    if (performance.now() - since < gapMs) onFrameAfter(run, since, gapMs, latestMs);
    else run();
  }, latestMs);
}

/**
 * Collects items as they come and hands them to `apply` together, once a frame and at most once
 * every `gapMs`: `push` is what an event listener calls, `apply` changes the store once for the
 * whole batch.
 */
export function frameBatcher<T>(
  apply: (items: T[]) => void,
  latestMs: number,
  gapMs = 0,
): { push(item: T): void; drop(): void } {
  let items: T[] = [];
  let scheduled = false;
  let appliedAt = -Infinity;
  const flush = () => {
    scheduled = false;
    const batch = items;
    items = [];
    if (batch.length === 0) return;
    appliedAt = performance.now();
    apply(batch);
  };
  return {
    push(item) {
      items.push(item);
      if (scheduled) return;
      scheduled = true;
      onFrameAfter(flush, appliedAt, gapMs, latestMs);
    },
    drop() {
      items = [];
    },
  };
}
