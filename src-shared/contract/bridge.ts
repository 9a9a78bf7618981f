// The bridge the renderer codes against, whichever transport is under it (the preload's
// `window.tp` under Electron, a WebSocket client in the headless host).
import type { CommandInput, CommandName, CommandOutput, EventName, EventPayload } from './index';

export interface Bridge {
  invoke<K extends CommandName>(name: K, input: CommandInput<K>): Promise<CommandOutput<K>>;
  /** Subscribes to an event; returns the unsubscribe function. */
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
}
