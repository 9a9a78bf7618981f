// Store updates paced by the screen: onFrameAfter waits for the first frame far enough from the
// last update, so a stream of records changes the event log at most every LIVE_MIN_GAP_MS.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { frameBatcher, onFrameAfter } from '../../../src-renderer/src/stores/next-frame';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Frames run by hand, at the times the test gives. */
function fakeFrames() {
  let now = 0;
  let callbacks: FrameRequestCallback[] = [];
  vi.spyOn(performance, 'now').mockImplementation(() => now);
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => {
    callbacks.push(cb);
    return callbacks.length;
  });
  vi.stubGlobal('cancelAnimationFrame', () => undefined);
  return {
    frameAt(time: number) {
      now = time;
      const due = callbacks;
      callbacks = [];
      for (const cb of due) cb(time);
    },
  };
}

describe('onFrameAfter', () => {
  it('runs on the first frame at least the gap after the last run, not before', () => {
    const frames = fakeFrames();
    const run = vi.fn();
    onFrameAfter(run, 0, 30, 10_000);
    frames.frameAt(16);
    expect(run).not.toHaveBeenCalled();
    frames.frameAt(29);
    expect(run).not.toHaveBeenCalled();
    frames.frameAt(33);
    expect(run).toHaveBeenCalledTimes(1);
    frames.frameAt(50);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs on the next frame when the last run is long past', () => {
    const frames = fakeFrames();
    const run = vi.fn();
    onFrameAfter(run, -Infinity, 30, 10_000);
    frames.frameAt(5);
    expect(run).toHaveBeenCalledTimes(1);
  });
});

describe('frameBatcher with a gap', () => {
  it('applies the first items on the next frame, then what follows no sooner than the gap after', () => {
    const frames = fakeFrames();
    const applied: number[][] = [];
    const batch = frameBatcher<number>((items) => applied.push(items), 10_000, 250);
    batch.push(1);
    frames.frameAt(16);
    expect(applied).toEqual([[1]]);
    batch.push(2);
    batch.push(3);
    for (let t = 33; t < 266; t += 17) frames.frameAt(t);
    expect(applied).toEqual([[1]]);
    frames.frameAt(271);
    expect(applied).toEqual([[1], [2, 3]]);
    // Nothing pushed since: no frame applies anything, and the next push waits for its own gap.
    frames.frameAt(288);
    batch.push(4);
    frames.frameAt(305);
    expect(applied).toHaveLength(2);
    frames.frameAt(525);
    expect(applied).toEqual([[1], [2, 3], [4]]);
  });
});
