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
 * that changes at most so often while events keep coming, whatever the screen's frame rate. The
 * gap is waited out on a timer, then one frame asked for: a frame asked for is a frame the page
 * draws (its animation frame, pre-paint, layerize and commit), even with nothing changed, and
 * asking frame after frame until the gap had passed drew each of those frames for nothing while
 * deliveries came (bench:live's trace).
 */
export function onFrameAfter(
  run: () => void,
  since: number,
  gapMs: number,
  latestMs: number,
): void {
  const wait = since + gapMs - performance.now();
  if (wait <= 0) onNextFrame(run, latestMs);
  else setTimeout(() => onNextFrame(run, latestMs), wait);
}

/**
 * Runs `run` in a task of its own once `gapMs` have passed since `since` (a performance.now() time),
 * for a change that scrolls: the Event log following its end scrolls with each update, and a
 * scroll made in a frame's animation callback has its scroll event dispatched in the next frame
 * (the scroll steps come before the callbacks), one more frame drawn for every update; made in a
 * task before the frame, it is dispatched in that frame. A timer also runs in a hidden window,
 * where no frame comes.
 */
export function afterGap(run: () => void, since: number, gapMs: number): void {
  setTimeout(run, Math.max(0, since + gapMs - performance.now()));
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
