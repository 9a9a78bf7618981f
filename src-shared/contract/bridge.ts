// The bridge the renderer codes against, whichever transport is under it (the preload's
// `window.tp` under Electron, a WebSocket client in the headless host).
import type { CommandInput, CommandName, CommandOutput, EventName, EventPayload } from './index';

/**
 * Where a saved export went: the file the person chose (the desktop app), a download the
 * browser took over (the headless host), or nowhere (the save dialog was cancelled).
 */
export type SavedExport =
  | { outcome: 'saved'; path: string; bytes: number }
  | { outcome: 'downloading' }
  | { outcome: 'cancelled' };

export interface Bridge {
  invoke<K extends CommandName>(name: K, input: CommandInput<K>): Promise<CommandOutput<K>>;
  /** Subscribes to an event; returns the unsubscribe function. */
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
  /**
   * A session's export (the input of `sessions.export`) saved as a file, streamed from the engine
   * to the disk, so it may be of any size. Absent where the transport cannot (a test's bridge):
   * then `sessions.export` answers the content whole.
   */
  saveExport?(input: CommandInput<'sessions.export'>): Promise<SavedExport>;
}
