// The runner's commands: one run at a time of a collection's scenarios (core/runner/).
import {
  composerCommands,
  endpointCheckCommands,
  type runnerCommands,
} from '../../../src-shared/contract';
import { runEndpointCheck } from '../endpoint-check';
import { createComposerService } from '../composer';
import type { HandlerGroup } from '../dispatch';
import type { Services } from '../services';
import { collectionDataFiles } from './data/data-files';
import { type RunnerInvoke } from './active-run';
import { createRunnerService } from './runner-service';

type RunnerHandlerDeps = Pick<
  Services,
  | 'host'
  | 'events'
  | 'journal'
  | 'redactor'
  | 'profiles'
  | 'appTokens'
  | 'users'
  | 'api'
  | 'inbound'
  | 'stagedFiles'
>;

export function runnerHandlers(
  services: RunnerHandlerDeps,
  /** The other domains' commands a run calls (createCore: a dispatch over their handlers). */
  invoke: RunnerInvoke,
): HandlerGroup<keyof typeof runnerCommands> {
  // Request steps send through the composer here, not through the composer.send command, whose
  // output is the window's (redacted): a step's checks and captures need the answer as it came.
  const composer = createComposerService(services);
  const runner = createRunnerService({
    invoke,
    send: (input) => composer.send(composerCommands['composer.send'].input.parse(input)),
    checkEndpoint: (input, within) =>
      runEndpointCheck(
        services,
        invoke,
        endpointCheckCommands['endpointCheck.run'].input.parse(input),
        {},
        within,
      ),
    events: services.events,
    profiles: services.profiles,
    inbound: services.inbound,
    appTokens: services.appTokens,
    users: services.users,
    journal: services.journal,
    redactor: services.redactor,
  });
  return {
    'runner.start': (input) => runner.start(input),
    'runner.stop': ({ runId }) => Promise.resolve(runner.stop(runId)),
    'runner.confirm': ({ runId, proceed }) => Promise.resolve(runner.confirm(runId, proceed)),
    'runner.state': () => Promise.resolve({ run: runner.state() }),
    'runner.dataFiles': ({ folder }) => collectionDataFiles(folder),
  };
}
