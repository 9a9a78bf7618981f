// How the window's panes are arranged: the widths of the tools and event log columns, the share of
// the event log's height its record list takes, whether the tools take the middle column's place
// and whether the record detail fills the event log. The sizes and the widening are kept in the
// engine's settings, with a copy in the browser's storage (stores/ui-preferences.ts), so they come
// back at the next launch and on any host; a maximized detail is for the moment only.
import { createStore } from 'zustand/vanilla';
import type { UiPreferences } from '../../../../src-shared/contract';
import { browserStorage, type UiPreferencesLink } from '../../stores/ui-preferences';

type PaneSize = 'tools' | 'log' | 'list';
type LayoutSizes = Record<PaneSize, number>;

/**
 * Pixels for the two columns, a percentage of the event log's split for the list. A column's 0
 * means "not set": the tools take a quarter of the window, 320 px at least (toolsWidth), and the
 * event log 1.25 parts to the middle column's 1 of what the tools leave (logWidth), so the window
 * keeps its proportions at any width until the person sets a size.
 */
const DEFAULT_SIZES: LayoutSizes = { tools: 0, log: 0, list: 40 };
/** The tools' width when not set: a share of the room, never below what their tabs need. */
const TOOLS_SHARE = 0.25;
const TOOLS_AT_LEAST = 320;
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

type SavedLayout = { sizes: LayoutSizes; widened: boolean };

/** A saved layout, or the defaults: a damaged or foreign entry is ignored, never trusted. */
function parseLayout(saved: NonNullable<UiPreferences['layout']> | undefined): SavedLayout {
  const sizes = { ...DEFAULT_SIZES };
  for (const key of Object.keys(sizes) as PaneSize[]) {
    const value: unknown = saved?.sizes?.[key];
    if (typeof value === 'number' && Number.isFinite(value)) sizes[key] = value;
  }
  sizes.list = clamp(sizes.list, MIN_SIZES.list, MAX_LIST);
  return { sizes, widened: saved?.widened === true };
}

/**
 * What the browser's storage holds, or null. `unconfirmed` marks a change the engine had not
 * stored yet when the page went away (a reload right after a key press): that copy is newer than
 * the engine's and is sent to it rather than replaced by it.
 */
function readSaved(
  storage: Pick<Storage, 'getItem'> | null,
): (SavedLayout & { unconfirmed: boolean }) | null {
  try {
    const raw = storage?.getItem(STORAGE_KEY);
    if (!raw) return null;
    const entry = JSON.parse(raw) as NonNullable<UiPreferences['layout']> & {
      unconfirmed?: unknown;
    };
    return { ...parseLayout(entry), unconfirmed: entry.unconfirmed === true };
  } catch {
    return null;
  }
}

/** The tools' width as set, or their share of the room when it was never set. */
export function toolsWidth(saved: number, room: number): number {
  return saved > 0 ? saved : Math.max(TOOLS_AT_LEAST, Math.round(room * TOOLS_SHARE));
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

export function createLayoutStore(
  storage: Storage | null = browserStorage(),
  engine?: UiPreferencesLink,
) {
  const saved = readSaved(storage);
  const initial = saved ?? parseLayout(undefined);
  const store = createStore<LayoutState>()((set, get) => ({
    sizes: initial.sizes,
    widened: initial.widened,
    detailMaximized: false,
    resize: (size, value) => set({ sizes: { ...get().sizes, [size]: Math.round(value) } }),
    reset: (size) => set({ sizes: { ...get().sizes, [size]: DEFAULT_SIZES[size] } }),
    setWidened: (widened) => set({ widened }),
    setDetailMaximized: (detailMaximized) => set({ detailMaximized }),
  }));

  // One save at a time, the newest layout next: a drag makes one write per answer, not one per
  // pixel. The browser's copy says whether the engine has it yet, so a reload while a save is
  // under way keeps the newer layout (see readSaved).
  let fromEngine = false;
  let inFlight = false;
  let dirty = false;
  const current = () => ({ sizes: store.getState().sizes, widened: store.getState().widened });
  const keepLocally = (unconfirmed: boolean) => {
    try {
      storage?.setItem(STORAGE_KEY, JSON.stringify({ ...current(), unconfirmed }));
    } catch {
      // A full or refused storage: the engine's copy is the one that counts.
    }
  };
  const flush = () => {
    if (!engine || inFlight || !dirty) return;
    dirty = false;
    inFlight = true;
    void engine.save({ layout: current() }).then((stored) => {
      inFlight = false;
      if (stored && !dirty) keepLocally(false);
      flush();
    });
  };

  store.subscribe((next, prev) => {
    if (next.sizes === prev.sizes && next.widened === prev.widened) return;
    keepLocally(!fromEngine && engine !== undefined);
    if (fromEngine) return;
    dirty = true;
    flush();
  });

  let pushSaved = saved?.unconfirmed === true;
  function start(): () => void {
    if (!engine) return () => undefined;
    // Leaving with a save waiting behind another: send it now rather than lose it.
    const onLeave = () => {
      if (dirty) void engine.save({ layout: current() });
    };
    if (typeof window !== 'undefined') window.addEventListener('pagehide', onLeave);
    const stop = engine.follow((stored) => {
      // A change the person made since is newer than what the engine had.
      if (dirty || inFlight) return;
      // The engine has none yet (an older version kept it only here), or not this browser's
      // newest change: this browser's layout, sent once.
      if (!stored.layout || pushSaved) {
        pushSaved = false;
        if (saved) {
          dirty = true;
          flush();
        }
        return;
      }
      fromEngine = true;
      store.setState(parseLayout(stored.layout));
      fromEngine = false;
    });
    return () => {
      stop();
      if (typeof window !== 'undefined') window.removeEventListener('pagehide', onLeave);
    };
  }
  return Object.assign(store, { start });
}
