// The request composer: forms come from core/spec (the renderer imports the catalog directly);
// these commands build, validate and send, list the samples and reopen journaled calls.
import { CommandError, type composerCommands } from '../../../src-shared/contract';
import { createComposerService } from './composer-service';
import { heldCredentials } from './held-credentials';
import { recordToComposer } from './from-record';
import { listSamples } from './samples';
import type { HandlerGroup } from '../dispatch';
import type { Services } from '../services';

export function composerHandlers(services: Services): HandlerGroup<keyof typeof composerCommands> {
  const composer = createComposerService(services);
  return {
    'composer.preview': (input) => composer.preview(input),
    'composer.send': (input) => composer.send(input),
    'composer.stageFile': ({ name, base64 }) => composer.stage(name, base64),
    'composer.samples': async () => ({ samples: await listSamples() }),
    'composer.fromRecord': async ({ seq }) => {
      const record = services.journal.get(seq);
      if (!record || record.kind !== 'api') {
        throw new CommandError({
          code: 'not_found',
          message: `There is no API call #${seq} in the journal.`,
        });
      }
      const profileId = record.profileId ?? services.profiles.activeId();
      const app = services.appTokens.status(profileId).appToken?.preview ?? null;
      const users = services.users
        .list(profileId)
        .map((u) => ({ userId: u.userId, preview: u.tokenPreview }));
      const samples = (await listSamples()).map((s) => s.name);
      return recordToComposer(
        record,
        { app, users, used: heldCredentials(services.journal).get(seq) },
        samples,
      );
    },
  };
}
