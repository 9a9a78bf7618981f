// The load run's command (core/load/; docs/load.md), its figures told once a second.
import type { loadCommands } from '../../../src-shared/contract';
import type { HandlerGroup } from '../dispatch';
import type { Services } from '../services';
import { runLoad } from './run-load';

export function loadHandlers(services: Services): HandlerGroup<keyof typeof loadCommands> {
  return {
    'load.run': (input) =>
      runLoad(services, input, {
        onProgress: (progress) => services.events.emit('load.progress', progress),
      }),
  };
}
