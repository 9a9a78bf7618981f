// The app itself (app.*): its version, where it keeps its data, the embedded sandbox.
import { z } from 'zod';
import { NoInput, type DomainCommands } from './common';
import { SecretStorageView } from './secrets';

export const appCommands = {
  'app.info': {
    input: NoInput,
    output: z.object({
      version: z.string(),
      dataDir: z.string(),
      /** Base URL of the embedded sandbox platform, null when none runs. */
      sandboxUrl: z.string().nullable(),
      /** The port the embedded sandbox wanted when it got another (it was taken); else null. */
      sandboxPortTaken: z.number().int().nullable(),
      secretStorage: SecretStorageView,
    }),
  },
} as const satisfies DomainCommands<'app'>;
