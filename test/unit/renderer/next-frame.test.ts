// Store updates paced by the screen: onFrameAfter waits for the first frame far enough from the
// last update (the gap on a timer, not frame by frame), and afterGap runs the Event log's update in
// a task once LIVE_MIN_GAP_MS have passed, so a stream of records changes it at most so often.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterGap, frameBatcher, onFrameAfter } from '../../../src-renderer/src/stores/next-frame';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Frames run by hand, at the times the test gives, the timers run up to each; frames asked for. */
function fakeFrames() {
  let now = 0;
  let callbacks: FrameRequestCallback[] = [];
  let asked = 0;
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  vi.spyOn(performance, 'now').mockImplementation(() => now);
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => {
    asked += 1;
    callbacks.push(cb);
    return callbacks.length;
  });
  vi.stubGlobal('cancelAnimationFrame', () => undefined);
  return {
    frameAt(time: number) {
      // The timers due before the frame, each at its own time.
      while (now < time) {
        now += 1;
        vi.advanceTimersByTime(1);
      }
      const due = callbacks;
      callbacks = [];
      for (const cb of due) cb(time);
    },
    /** How many frames were asked for (requestAnimationFrame calls). */
    asked: () => asked,
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

  it('waits out the gap without asking for the frames in between (each would be drawn)', () => {
    const frames = fakeFrames();
    const run = vi.fn();
    onFrameAfter(run, 0, 100, 10_000);
    for (let t = 16; t < 100; t += 16) frames.frameAt(t);
    expect(run).not.toHaveBeenCalled();
    expect(frames.asked()).toBe(0);
    frames.frameAt(112);
    expect(run).toHaveBeenCalledTimes(1);
    expect(frames.asked()).toBe(1);
  });

  it('runs on the next frame when the last run is long past', () => {
    const frames = fakeFrames();
    const run = vi.fn();
    onFrameAfter(run, -Infinity, 30, 10_000);
    frames.frameAt(5);
    expect(run).toHaveBeenCalledTimes(1);
  });
});

describe('afterGap', () => {
  it('runs in a task of its own once the gap has passed, asking for no frame', () => {
    const frames = fakeFrames();
    const run = vi.fn();
    afterGap(run, 0, 30);
    frames.frameAt(29);
    expect(run).not.toHaveBeenCalled();
    // At 30 ms, before any frame: a scroll it makes is dispatched in the frame that follows.
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    expect(frames.asked()).toBe(0);
  });

  it('runs at once (in a task) when the last run is long past', () => {
    fakeFrames();
    const run = vi.fn();
    afterGap(run, -Infinity, 30);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
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
