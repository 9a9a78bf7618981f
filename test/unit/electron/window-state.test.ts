// The window's size and position across launches, checked against the screens on restore.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SIZE,
  rememberWindowState,
  restoreWindowState,
  WINDOW_STATE_KEY,
} from '../../../src-main/electron/window-state';
import { memorySettings } from '../../helpers/memory-settings';

const laptop = { x: 0, y: 0, width: 1440, height: 860 };
const desktop = { x: 0, y: 0, width: 1920, height: 1040 };
const external = { x: 1440, y: -200, width: 2560, height: 1400 };

describe('restoring the window', () => {
  it('opens at the default size, centred, when nothing was saved or the record is damaged', () => {
    for (const saved of [
      undefined,
      null,
      'big',
      { x: 1, y: 2 },
      { x: NaN, y: 0, width: 1, height: 1, maximized: false },
    ]) {
      expect(restoreWindowState(saved, [desktop]), JSON.stringify(saved)).toEqual({
        bounds: DEFAULT_SIZE,
        maximized: false,
      });
    }
  });

  it('keeps saved bounds that are on a screen, on any of several', () => {
    const onLaptop = { x: 40, y: 30, width: 1200, height: 700, maximized: false };
    expect(restoreWindowState(onLaptop, [laptop, external])).toEqual({
      bounds: { x: 40, y: 30, width: 1200, height: 700 },
      maximized: false,
    });
    const onExternal = { x: 2000, y: -100, width: 1600, height: 1000, maximized: true };
    expect(restoreWindowState(onExternal, [laptop, external])).toEqual({
      bounds: { x: 2000, y: -100, width: 1600, height: 1000 },
      maximized: true,
    });
  });

  it('drops a position on a screen that is gone, keeping whether it was maximized', () => {
    const onExternal = { x: 2000, y: -100, width: 1600, height: 1000, maximized: true };
    const restored = restoreWindowState(onExternal, [laptop]);
    expect(restored.bounds.x).toBeUndefined();
    expect(restored.bounds.y).toBeUndefined();
    expect(restored.maximized).toBe(true);
    expect(restored.bounds.width).toBeLessThanOrEqual(laptop.width);
    expect(restored.bounds.height).toBeLessThanOrEqual(laptop.height);
  });

  it('drops a position whose title bar is above the screen or barely on it', () => {
    for (const saved of [
      { x: 100, y: -30, width: 1000, height: 700, maximized: false }, // title bar above the top
      { x: 1380, y: 100, width: 1000, height: 700, maximized: false }, // 60 px left on screen
      { x: 100, y: 840, width: 1000, height: 700, maximized: false }, // only 20 px of the bar
    ]) {
      expect(restoreWindowState(saved, [laptop]).bounds.x, JSON.stringify(saved)).toBeUndefined();
    }
  });

  it('cuts a window bigger than its screen (a lowered resolution) and pulls it inside', () => {
    const saved = { x: 200, y: 100, width: 2400, height: 1300, maximized: false };
    expect(restoreWindowState(saved, [laptop])).toEqual({
      bounds: { x: 0, y: 0, width: 1440, height: 860 },
      maximized: false,
    });
  });

  it('opens the default size cut to a small screen when nothing was saved', () => {
    const small = { x: 0, y: 0, width: 1280, height: 720 };
    expect(restoreWindowState(undefined, [small]).bounds).toEqual({ width: 1280, height: 720 });
  });
});

describe('remembering the window', () => {
  it('saves the normal bounds and the maximized flag when the window closes', () => {
    const settings = memorySettings();
    let onClose: (() => void) | null = null;
    rememberWindowState(
      {
        on: (_event, listener) => (onClose = listener),
        getNormalBounds: () => ({ x: 5, y: 6, width: 1100, height: 800 }),
        isMaximized: () => true,
      },
      settings,
    );
    expect(settings.get(WINDOW_STATE_KEY)).toBeUndefined();
    onClose!();
    const saved = settings.get(WINDOW_STATE_KEY);
    expect(saved).toEqual({ x: 5, y: 6, width: 1100, height: 800, maximized: true });
    // What was saved restores to the same place on the same screen.
    expect(restoreWindowState(saved, [laptop])).toEqual({
      bounds: { x: 5, y: 6, width: 1100, height: 800 },
      maximized: true,
    });
  });
});
