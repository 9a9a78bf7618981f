// The window's preferences (the panes' sizes, the first steps dismissed) are kept in the engine's
// settings (app.uiPreferences): a browser keeps its storage per origin, so the headless host on
// another port would start with the defaults again. The stores keep a copy in the browser's storage
// too, read at once (before the engine answers) and all there is while the engine cannot be
// reached; what could not be saved then is sent when the link comes back.
import type { Bridge, UiPreferences } from '../../../src-shared/contract';
import type { Connection } from '../bridge/connection';

export interface UiPreferencesLink {
  /** Reads the engine's preferences now and at each reconnection; returns the unsubscribe. */
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

  return {
    follow(apply) {
      const load = async () => {
        if (unsaved) {
          const changes = unsaved;
          unsaved = null;
          await send(changes);
        }
        try {
          apply(await bridge.invoke('app.uiPreferences', {}));
        } catch {
          // The engine is away: the browser's copy stands until the link comes back.
        }
      };
      if (connection.current().status === 'connected') void load();
      return connection.subscribe((state) => {
        if (state.status === 'connected') void load();
      });
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
