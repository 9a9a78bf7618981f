// The window's preferences (the panes' sizes, the first steps dismissed) are kept in the engine's
// settings (app.uiPreferences): a browser keeps its storage per origin, so the headless host on
// another port would start with the defaults again. The stores keep a copy in the browser's storage
// too, read at once (before the engine answers) and all there is while the engine cannot be
// reached; what could not be saved then is sent when the link comes back. The engine's copy is
// read once per connection and handed to every store in the same turn, so the window never shows
// some preferences from the engine and others not yet (a panel the engine says is closed does not
// wait behind a layout it already took).
import type { Bridge, UiPreferences } from '../../../src-shared/contract';
import type { Connection } from '../bridge/connection';

export interface UiPreferencesLink {
  /**
   * Reads the engine's preferences now and at each reconnection; returns the unsubscribe. One read
   * answers every follower, in the same turn.
   */
  follow(apply: (stored: UiPreferences) => void): () => void;
  /**
   * Each field given replaces the engine's; kept for the next connection when it fails. Settles
   * once the engine answered (true: stored) or the call failed (false), never rejects.
   */
  save(changes: UiPreferences): Promise<boolean>;
}

export function uiPreferencesLink(bridge: Bridge, connection: Connection): UiPreferencesLink {
  let unsaved: UiPreferences | null = null;

  const send = async (changes: UiPreferences): Promise<boolean> => {
    try {
      await bridge.invoke('app.setUiPreferences', changes);
      return true;
    } catch {
      unsaved = { ...unsaved, ...changes };
      return false;
    }
  };

  const followers = new Set<(stored: UiPreferences) => void>();
  let loading = false;
  // The link came back while a read was under way (which may have failed with it): read again.
  let again = false;
  const load = async () => {
    if (loading) {
      again = true;
      return;
    }
    loading = true;
    try {
      if (unsaved) {
        const changes = unsaved;
        unsaved = null;
        await send(changes);
      }
      const stored = await bridge.invoke('app.uiPreferences', {});
      for (const apply of [...followers]) apply(stored);
    } catch {
      // The engine is away: the browser's copy stands until the link comes back.
    } finally {
      loading = false;
      if (again) {
        again = false;
        void load();
      }
    }
  };
  let unsubscribe: (() => void) | null = null;

  return {
    follow(apply) {
      followers.add(apply);
      if (!unsubscribe) {
        unsubscribe = connection.subscribe((state) => {
          if (state.status === 'connected') void load();
        });
      }
      // A read under way answers this one too; otherwise one is made (the others take it as they
      // take the read at a reconnection).
      if (!loading && connection.current().status === 'connected') void load();
      return () => {
        followers.delete(apply);
        if (followers.size === 0 && unsubscribe) {
          unsubscribe();
          unsubscribe = null;
        }
      };
    },
    save: send,
  };
}

/** The browser's storage, or null where it is refused (a sandboxed frame, a privacy setting). */
export function browserStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}
