// What the stores of the active profile's data share: they reload when another profile becomes
// active, and an answer for a load that a newer one has replaced (the profile switched away from,
// an older filter or query) is dropped instead of overwriting the newer state.
import type { AppState, AppStore } from '../features/header/app-store';

/** The active profile's id, or undefined before the profiles are loaded. */
const activeProfileIdOf = (state: AppState) => state.profiles?.activeProfileId;

/**
 * Calls `onSwitch` whenever the active profile changes, and `onOther` (if given) on any other
 * change of the app store. Returns the unsubscribe function.
 */
export function onProfileSwitch(
  app: AppStore,
  onSwitch: () => void,
  onOther?: (next: AppState, prev: AppState) => void,
): () => void {
  return app.subscribe((next, prev) => {
    if (activeProfileIdOf(next) !== activeProfileIdOf(prev)) onSwitch();
    else onOther?.(next, prev);
  });
}

/** Whether the load that asked is still the latest one: its answer may be applied. */
export type StillLatest = () => boolean;

/**
 * Numbers loads so only the latest one's answer is applied. `begin()` starts a new load (every
 * earlier one becomes stale); `current()` joins the one running, for a partial read that must be
 * dropped too once a new load begins.
 */
export function latestOnly() {
  let generation = 0;
  const check =
    (mine: number): StillLatest =>
    () =>
      mine === generation;
  return {
    begin: (): StillLatest => check(++generation),
    current: (): StillLatest => check(generation),
  };
}
