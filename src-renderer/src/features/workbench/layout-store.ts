// How the window's panes are arranged: the widths of the tools and event log columns, the share of
// the event log's height its record list takes, whether the tools take the middle column's place
// and whether the record detail fills the event log. The sizes and the widening are kept in the
// renderer's localStorage, so they come back at the next launch (the engine's settings are the
// engine's: nothing there is about the window); a maximized detail is for the moment only.
import { createStore } from 'zustand/vanilla';

export type PaneSize = 'tools' | 'log' | 'list';
export type LayoutSizes = Record<PaneSize, number>;

/**
 * Pixels for the two columns, a percentage of the event log's split for the list. The event log's
 * 0 means "not set": it takes 1.25 parts to the middle column's 1 of what the tools leave
 * (logWidth), so the window looks the same at any width until the person sets it.
 */
export const DEFAULT_SIZES: LayoutSizes = { tools: 320, log: 0, list: 40 };
export const MIN_SIZES: LayoutSizes = { tools: 240, log: 360, list: 15 };
/** The middle column never gets narrower than this while it is shown. */
export const MIN_MIDDLE = 360;
const MAX_LIST = 85;

export interface LayoutState {
  sizes: LayoutSizes;
  /** The tools column takes the middle column's place (the composer is hidden, not closed). */
  widened: boolean;
  detailMaximized: boolean;
  resize(size: PaneSize, value: number): void;
  reset(size: PaneSize): void;
  setWidened(widened: boolean): void;
  setDetailMaximized(maximized: boolean): void;
}

export type LayoutStore = ReturnType<typeof createLayoutStore>;

const STORAGE_KEY = 'tp-inspector.layout';

/** What was saved, or the defaults: a damaged or foreign entry is ignored, never trusted. */
export function readSaved(storage: Pick<Storage, 'getItem'> | null): {
  sizes: LayoutSizes;
  widened: boolean;
} {
  const fallback = { sizes: { ...DEFAULT_SIZES }, widened: false };
  try {
    const raw = storage?.getItem(STORAGE_KEY);
    if (!raw) return fallback;
    const saved = JSON.parse(raw) as { sizes?: Partial<LayoutSizes>; widened?: unknown };
    const sizes = { ...DEFAULT_SIZES };
    for (const key of Object.keys(sizes) as PaneSize[]) {
      const value = saved.sizes?.[key];
      if (typeof value === 'number' && Number.isFinite(value)) sizes[key] = value;
    }
    sizes.list = clamp(sizes.list, MIN_SIZES.list, MAX_LIST);
    return { sizes, widened: saved.widened === true };
  } catch {
    return fallback;
  }
}

/** The event log's width as set, or its share of what the tools leave when it was never set. */
export function logWidth(saved: number, room: number, tools: number): number {
  return saved > 0 ? saved : ((room - tools) * 1.25) / 2.25;
}

export function clamp(value: number, min: number, max: number): number {
  return Math.round(Math.min(Math.max(value, min), Math.max(min, max)));
}

/** The list's share has fixed bounds; the columns' bounds depend on the window (useColumnLimits). */
export const LIST_LIMITS = { min: MIN_SIZES.list, max: MAX_LIST };

export function createLayoutStore(storage: Storage | null = browserStorage()) {
  const saved = readSaved(storage);
  const store = createStore<LayoutState>()((set, get) => ({
    sizes: saved.sizes,
    widened: saved.widened,
    detailMaximized: false,
    resize: (size, value) => set({ sizes: { ...get().sizes, [size]: Math.round(value) } }),
    reset: (size) => set({ sizes: { ...get().sizes, [size]: DEFAULT_SIZES[size] } }),
    setWidened: (widened) => set({ widened }),
    setDetailMaximized: (detailMaximized) => set({ detailMaximized }),
  }));
  store.subscribe((next, prev) => {
    if (next.sizes === prev.sizes && next.widened === prev.widened) return;
    try {
      storage?.setItem(STORAGE_KEY, JSON.stringify({ sizes: next.sizes, widened: next.widened }));
    } catch {
      // A full or refused storage only costs the layout at the next launch.
    }
  });
  return store;
}

function browserStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}
