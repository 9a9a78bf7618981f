// The runner's commands: one run at a time of a collection's scenarios (core/runner/).
import { CommandError, type runnerCommands } from '../../../src-shared/contract';
import type { Invoke } from '../dispatch';
import type { HandlerGroup } from '../dispatch';
import type { Services } from '../services';

const notYet = (name: string) => () =>
  Promise.reject(
    new CommandError({ code: 'internal', message: `${name} is not available in this build yet.` }),
  );

export function runnerHandlers(
  _services: Services,
  _invoke: Invoke,
): HandlerGroup<keyof typeof runnerCommands> {
  return {
    'runner.start': notYet('runner.start'),
    'runner.stop': notYet('runner.stop'),
    'runner.confirm': notYet('runner.confirm'),
    'runner.state': () => Promise.resolve({ run: null }),
  };
}
