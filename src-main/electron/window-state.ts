// The window's size and position across launches. A saved position is trusted only while it is
// still on a screen: a monitor unplugged since the last launch, or a resolution lowered, must not
// open the window where nobody can see or reach it.
import type { Rectangle } from 'electron';
import type { SettingsStore } from '../core/index';

export const WINDOW_STATE_KEY = 'shell.window';
export const DEFAULT_SIZE = { width: 1400, height: 900 };
export const MIN_SIZE = { width: 960, height: 600 };

/** How much of the window's top must be on a screen for the saved position to count: the title bar. */
const GRIP = { width: 100, height: 40 };

export interface WindowState {
  bounds: Partial<Rectangle> & { width: number; height: number };
  maximized: boolean;
}

interface SavedState {
  x: number;
  y: number;
  width: number;
  height: number;
  maximized: boolean;
}

function isSaved(value: unknown): value is SavedState {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    ['x', 'y', 'width', 'height'].every((k) => Number.isFinite(v[k])) &&
    typeof v['maximized'] === 'boolean'
  );
}

function clampSize(size: { width: number; height: number }, area: Rectangle) {
  return {
    width: Math.max(Math.min(size.width, area.width), Math.min(MIN_SIZE.width, area.width)),
    height: Math.max(Math.min(size.height, area.height), Math.min(MIN_SIZE.height, area.height)),
  };
}

function overlap(a: Rectangle, b: Rectangle): { width: number; height: number } {
  return {
    width: Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x),
    height: Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y),
  };
}

/**
 * The bounds to open with: the saved ones when the window's title bar lands on one of `workAreas`
 * (its size cut to that screen); else no position (the OS centres it) and the saved size, or the
 * default one, cut to the first screen.
 */
export function restoreWindowState(saved: unknown, workAreas: Rectangle[]): WindowState {
  const primary = workAreas[0];
  const fallback: WindowState = {
    bounds: primary ? clampSize(DEFAULT_SIZE, primary) : { ...DEFAULT_SIZE },
    maximized: false,
  };
  if (!isSaved(saved)) return fallback;
  const titleBar = { x: saved.x, y: saved.y, width: saved.width, height: GRIP.height };
  const screen = workAreas.find((area) => {
    const o = overlap(titleBar, area);
    return o.width >= GRIP.width && o.height >= GRIP.height && saved.y >= area.y;
  });
  // Off every screen: keep the size (cut to the first screen) and let the OS place the window.
  if (!screen) {
    const bounds = primary
      ? clampSize(saved, primary)
      : { width: saved.width, height: saved.height };
    return { bounds, maximized: saved.maximized };
  }
  const size = clampSize(saved, screen);
  // Pulled back inside the screen when the cut size would leave its right or bottom edge.
  const x = Math.min(saved.x, screen.x + screen.width - size.width);
  const y = Math.min(saved.y, screen.y + screen.height - size.height);
  return { bounds: { x, y, ...size }, maximized: saved.maximized };
}

/** What the shell needs of a window to remember it: BrowserWindow satisfies it. */
interface TrackedWindow {
  on(event: 'close', listener: () => void): unknown;
  getNormalBounds(): Rectangle;
  isMaximized(): boolean;
}

/** Saves the window's normal (unmaximized) bounds and whether it was maximized when it closes. */
export function rememberWindowState(win: TrackedWindow, settings: SettingsStore): void {
  win.on('close', () => {
    const state: SavedState = { ...win.getNormalBounds(), maximized: win.isMaximized() };
    try {
      settings.set(WINDOW_STATE_KEY, state);
    } catch (err) {
      console.error('The window’s size and position could not be saved:', err);
    }
  });
}
