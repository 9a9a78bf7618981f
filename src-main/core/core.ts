// The engine as its hosts see it.
import type { Dispatch, Invoke } from './dispatch';
import type { CoreEvents } from './events';
import type { StreamedExport } from './log/session-export';

export interface Core {
  /** Validates and runs a command; rejects with a CommandError only. */
  dispatch: Dispatch;
  /** Typed convenience over dispatch. */
  invoke: Invoke;
  events: CoreEvents;
  /**
   * A session's export (the input of `sessions.export`) as pieces, for a host to write to a file
   * or an HTTP response as they are made: any size, redacted as the command's answer is.
   */
  exportSession(input: unknown): Promise<StreamedExport>;
  /** Flushes the journal and stops timers. */
  close(): Promise<void>;
}
