// The engine as its hosts see it.
import type { Dispatch, Invoke } from './dispatch';
import type { CoreEvents } from './events';

export interface Core {
  /** Validates and runs a command; rejects with a CommandError only. */
  dispatch: Dispatch;
  /** Typed convenience over dispatch. */
  invoke: Invoke;
  events: CoreEvents;
  /** Flushes the journal and stops timers. */
  close(): Promise<void>;
}
