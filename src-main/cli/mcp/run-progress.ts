// A run's progress as MCP progress notifications, for a client that asked with a progress token.
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import type { RunView } from '../../../src-shared/contract';

export type ToolCall = RequestHandlerExtra<ServerRequest, ServerNotification>;

interface ProgressReporter {
  onChange?: (view: RunView) => void;
  /** Resolves once every notification is sent: the answer must come after them, since a client
   * drops progress that arrives after the answer (and reports it as an error). */
  sent(): Promise<void>;
}

/**
 * Sends the client the steps done so far when it asked (a progress token): a long run then shows
 * where it is, and a client that resets its timeout on progress does not give up on it. Sent one
 * after the other, so they arrive in order.
 */
export function progressReporter(call: ToolCall): ProgressReporter {
  const progressToken = call._meta?.progressToken;
  let queue = Promise.resolve();
  if (progressToken === undefined) return { sent: () => queue };
  let reported = -1;
  return {
    onChange: (view) => {
      const { passed, failed, skipped, total } = view.counts;
      const done = passed + failed + skipped;
      // Only forward: a quick run can end before runner.start answers, and its first view (no step
      // done) then comes after the last (MCP's progress must increase).
      if (done <= reported) return;
      reported = done;
      const params = { progressToken, progress: done, total, message: `${done} of ${total} steps` };
      queue = queue
        .then(() => call.sendNotification({ method: 'notifications/progress', params }))
        .catch(() => undefined);
    },
    sent: () => queue,
  };
}
