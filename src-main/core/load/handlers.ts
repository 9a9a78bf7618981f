// The load run's commands (core/load/; docs/load.md): one run at a time per URL, its figures told
// once a second (load.progress), and stoppable (load.stop), after which it still answers the
// summary of what it sent.
import { CommandError, type loadCommands } from '../../../src-shared/contract';
import type { HandlerGroup } from '../dispatch';
import type { Services } from '../services';
import { runLoad } from './run-load';

export function loadHandlers(
  services: Pick<Services, 'profiles' | 'host' | 'journal' | 'events'>,
): HandlerGroup<keyof typeof loadCommands> {
  const running = new Map<string, AbortController>();
  return {
    'load.run': async (input) => {
      if (running.has(input.url)) {
        throw new CommandError({
          code: 'conflict',
          message: `A load run of ${input.url} is going already. Wait for its summary, or stop it, then run it again.`,
        });
      }
      const abort = new AbortController();
      running.set(input.url, abort);
      try {
        return await runLoad(services, input, {
          signal: abort.signal,
          onProgress: (progress) => services.events.emit('load.progress', progress),
        });
      } finally {
        running.delete(input.url);
      }
    },
    'load.stop': ({ url }) => {
      const run = running.get(url);
      run?.abort();
      return Promise.resolve({ stopping: run !== undefined });
    },
  };
}
