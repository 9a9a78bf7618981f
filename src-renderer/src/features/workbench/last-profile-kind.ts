// Whether the last active profile was the embedded sandbox, kept in the browser's storage: the
// tool tabs depend on it (the Simulator is the sandbox's), and the engine answers which profile is
// active only after the window is drawn. Drawn from the last one, a person who works on a staging
// profile does not see a Simulator tab come and go under the pointer at every launch.
import type { ProfileView } from '../../../../src-shared/contract';
import { browserStorage } from '../../stores/ui-preferences';

const KEY = 'tp-inspector.last-profile-kind';

/** The kind of the last active profile seen in this browser; the sandbox's on a first launch. */
export function lastProfileKind(): ProfileView['kind'] {
  const stored = browserStorage()?.getItem(KEY);
  return stored === 'custom' ? 'custom' : 'sandbox';
}

export function rememberProfileKind(kind: ProfileView['kind']): void {
  try {
    browserStorage()?.setItem(KEY, kind);
  } catch {
    // A full or refused storage only costs the next launch a tab that comes late.
  }
}
