// The request composer: forms come from core/spec (the renderer imports the catalog directly);
// these commands build, validate and send, list the samples and reopen journaled calls.
import type { composerCommands } from '../../../src-shared/contract';
import { createComposerService } from './composer-service';
import { apiRecordOf, composerRequestOfRecord } from './record-request';
import { listSamples } from './samples';
import type { HandlerGroup } from '../dispatch';
import type { Services } from '../services';

export function composerHandlers(
  services: Pick<
    Services,
    'profiles' | 'api' | 'journal' | 'redactor' | 'events' | 'stagedFiles' | 'appTokens' | 'users'
  >,
): HandlerGroup<keyof typeof composerCommands> {
  const composer = createComposerService(services);
  return {
    'composer.preview': (input) => composer.preview(input),
    // The window gets the redacted result only; the platform's JSON as it came stays here.
    'composer.send': async (input) => (await composer.send(input)).result,
    'composer.stageFile': ({ name, base64 }) => composer.stage(name, base64),
    'composer.samples': async () => ({ samples: await listSamples() }),
    'composer.fromRecord': ({ seq }) =>
      composerRequestOfRecord(services, apiRecordOf(services, seq)),
  };
}
