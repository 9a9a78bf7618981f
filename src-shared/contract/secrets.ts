// Where the engine keeps secrets (secrets.*): sealed by the OS, in a plain file, or in memory only.
import { z } from 'zod';
import type { DomainCommands } from './common';

// app.ts's; the contract's `export *` carries it along, unused.
// ts-unused-exports:disable-next-line
export const SecretStorageView = z.object({
  mode: z.enum(['sealed', 'plain-file', 'memory']),
  explanation: z.string(),
});

export const secretsCommands = {
  'secrets.setAllowPlainFile': {
    input: z.object({ allow: z.boolean() }).strict(),
    output: SecretStorageView,
  },
} as const satisfies DomainCommands<'secrets'>;
