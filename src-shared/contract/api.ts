// Calls to the platform (api.*): one authorized call, and the journaled calls found again,
// exported as cURL or HAR. The composer (composer.ts) builds richer requests on the same client.
import { z } from 'zod';
import type { DomainCommands } from './common';
import { ApiRecord } from './journal';

/** Who an API call acts as (API document §5). */
export const ActAs = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('app') }),
  z.object({ kind: z.literal('appForUser'), userId: z.string().min(1) }),
  z.object({ kind: z.literal('user'), userId: z.string().min(1) }),
]);
export type ActAs = z.infer<typeof ActAs>;

export const apiCommands = {
  /**
   * One authorized call to the platform, acting as the app, the app for a user, or a user. Tokens
   * are fetched and refreshed as needed. Resolves with the journaled exchange, whatever the status.
   */
  'api.call': {
    input: z
      .object({
        profileId: z.string().min(1).optional(),
        method: z.enum(['GET', 'POST']),
        path: z.string().regex(/^\/tp\/[A-Za-z0-9_./-]*$/, 'path must start with /tp/'),
        params: z.record(z.string(), z.string()).default({}),
        actAs: ActAs,
      })
      .strict(),
    output: z.object({ record: ApiRecord, json: z.unknown().nullable() }),
  },
  /** A journaled call as a cURL command line; secrets redacted unless `includeSecrets`. */
  'api.exportCurl': {
    input: z
      .object({ seq: z.number().int().positive(), includeSecrets: z.boolean().default(false) })
      .strict(),
    output: z.object({
      command: z.string(),
      secretsIncluded: z.boolean(),
      /** What could not be done (a secret no longer held, a file part to attach by hand). */
      notes: z.array(z.string()),
    }),
  },
  /** Journaled calls as a HAR 1.2 document (secrets redacted). */
  'api.exportHar': {
    input: z.object({ seqs: z.array(z.number().int().positive()).min(1).max(5000) }).strict(),
    output: z.object({ filename: z.string(), json: z.string() }),
  },
  /**
   * API records matching every word of `query` (each in the method, URL, parameters, status or
   * body, any case), newest first.
   */
  'api.search': {
    input: z
      .object({
        query: z.string().max(500),
        limit: z.number().int().min(1).max(5000).default(200),
        profileId: z.string().min(1).optional(),
      })
      .strict(),
    output: z.object({ records: z.array(ApiRecord) }),
  },
} as const satisfies DomainCommands<'api'>;
