// The request composer (composer.*): builds a request from the endpoint catalog (src-shared/spec),
// previews it, sends it (multipart with a file), and reopens journaled calls.
import { z } from 'zod';
import { ActAs } from './api';
import { NoInput, type DomainCommands, type DomainEvents } from './common';
import { ApiRecord } from './journal';

/** A file for a media send: its bytes (base64) or a sample from `composer.samples`. */
export const ComposerFile = z
  .object({
    /** The file name sent in the part's Content-Disposition. */
    name: z.string().min(1).max(255),
    base64: z
      .string()
      .max(36 * 1024 * 1024)
      .optional(),
    sample: z.string().min(1).max(100).optional(),
    /** A file handed over once with `composer.stageFile`, so previews do not resend its bytes. */
    staged: z.string().min(1).max(100).optional(),
    /** The part's Content-Type; by default the type detected from the bytes. */
    mimeType: z.string().min(1).max(200).optional(),
  })
  .strict()
  .refine((f) => [f.base64, f.sample, f.staged].filter((v) => v !== undefined).length === 1, {
    message: 'give one of base64, sample or staged',
  });
export type ComposerFile = z.infer<typeof ComposerFile>;

/** The vCard editor's content; the engine turns it into the XML of API document §2.5. */
export const ComposerVcard = z
  .object({
    name: z.string().max(1000),
    surname: z.string().max(1000),
    phones: z
      .array(
        z.object({ number: z.string().max(64), type: z.string().max(100).optional() }).strict(),
      )
      .max(100)
      .default([]),
  })
  .strict();
export type ComposerVcard = z.input<typeof ComposerVcard>;

const composerRequestFields = {
  profileId: z.string().min(1).optional(),
  /** An endpoint id of the catalog (`ENDPOINTS` in src-shared/spec), e.g. `message.send`. */
  endpointId: z.string().min(1),
  /** One of the endpoint's paths (default: the documented one). */
  path: z.string().max(200).optional(),
  /** Text fields as typed, msg_type among them. An empty value is left out of the request... */
  params: z.record(z.string(), z.string()).default({}),
  /** ...unless its name is listed here (e.g. avatar_url "" to clear it). */
  keepEmpty: z.array(z.string()).max(50).default([]),
  actAs: ActAs,
  file: ComposerFile.optional(),
  /** For msg_type contact: builds `vcard` (do not also give params.vcard). */
  vcard: ComposerVcard.optional(),
  /**
   * Extra request headers (names in any case; sent lower-case). They win over the built ones, so an
   * `authorization` given here replaces the token "act as" would send; content-length is the body's.
   */
  headers: z.record(z.string().min(1).max(200), z.string().max(8192)).optional(),
};
export const ComposerRequest = z.object(composerRequestFields).strict();
export type ComposerRequest = z.input<typeof ComposerRequest>;

export const ComposerIssue = z.object({
  /** The parameter concerned ('' for the request as a whole, `actAs`, `file`, `vcard`). */
  field: z.string(),
  message: z.string(),
});
export type ComposerIssue = z.infer<typeof ComposerIssue>;

export const ComposerFileInfo = z.object({
  name: z.string(),
  size: z.number().int().nonnegative(),
  /** Detected from the bytes (null: not recognised). */
  detectedMime: z.string().nullable(),
  detectedExt: z.string().nullable(),
  /** The Content-Type the file part carries. */
  sentMime: z.string(),
  /** Whether sentMime is in the msg_type's list of API document §4.7. */
  accepted: z.boolean(),
  /** The type the API document prefers for the msg_type (null for `file`). */
  preferred: z.string().nullable(),
  /** In words: mismatches, the preferred type, what to do. */
  notes: z.array(z.string()),
});
export type ComposerFileInfo = z.infer<typeof ComposerFileInfo>;

/** The request exactly as it is (or would be) sent. */
export const ComposerBuilt = z.object({
  endpointId: z.string(),
  method: z.enum(['GET', 'POST']),
  path: z.string(),
  /** Full URL (with the query for GET). */
  url: z.string(),
  bodyKind: z.enum(['none', 'form', 'multipart']),
  /** Request headers; Authorization shows a placeholder in a preview and is redacted after a send. */
  headers: z.record(z.string(), z.string()),
  /** The text fields sent (user_id filled from "act as"), secrets redacted. */
  fields: z.record(z.string(), z.string()),
  /** The body as sent: the form string, or the multipart text with the file bytes elided. */
  raw: z.object({
    text: z.string(),
    /** The exact byte count of the body. */
    size: z.number().int().nonnegative(),
    /** True when bytes were left out of `text` (the file content, or a long body). */
    truncated: z.boolean(),
  }),
  file: ComposerFileInfo.nullable(),
  /** The XML built from `vcard`. */
  vcardXml: z.string().nullable(),
});
export type ComposerBuilt = z.infer<typeof ComposerBuilt>;

export const ComposerPreview = z.object({
  /** No field errors: the request follows the catalog. */
  ok: z.boolean(),
  request: ComposerBuilt,
  /** Per field, why the value breaks the API document's rules. */
  errors: z.array(ComposerIssue),
  /** Explanations (user_id and act-as rules, preferred MIME type, ...). */
  notes: z.array(ComposerIssue),
  /** The parameters that apply to this endpoint and msg_type, in catalog order. */
  applicable: z.array(z.string()),
});
export type ComposerPreview = z.infer<typeof ComposerPreview>;

export const ComposerSendResult = z.object({
  record: ApiRecord,
  json: z.unknown().nullable(),
  request: ComposerBuilt,
  /** Where the response differs from the documented shape: missing or extra fields, types. */
  shapeIssues: z.array(z.string()),
  /** From Retry-After on a 429. */
  retryAfterSeconds: z.number().nonnegative().nullable(),
  /** A bulk send: each recipient's outcome. */
  bulk: z
    .array(z.object({ id: z.string(), outcome: z.enum(['accepted', 'not_authorized']) }))
    .nullable(),
});
export type ComposerSendResult = z.infer<typeof ComposerSendResult>;

export const ComposerSample = z.object({
  name: z.string(),
  mimeType: z.string(),
  size: z.number().int().nonnegative(),
  /** The msg_types it suits. */
  msgTypes: z.array(z.string()),
  description: z.string(),
});
export type ComposerSample = z.infer<typeof ComposerSample>;

export const composerCommands = {
  /** Builds and validates a composer request without sending it. */
  'composer.preview': { input: ComposerRequest, output: ComposerPreview },
  /**
   * Builds and sends it (multipart with a file), acting as chosen, renewing the token on a 401.
   * Refuses a request with field errors unless `force`. Progress: `composer.progress`.
   */
  'composer.send': {
    input: z
      .object({
        ...composerRequestFields,
        force: z.boolean().default(false),
        requestId: z.string().max(100).optional(),
        /**
         * `new` (the composer): a connection of its own, closed after the call, so the response's
         * timing shows its DNS lookup, TCP connect and TLS handshake. `reuse` (the runner's steps):
         * the engine's kept-alive connections, as Postman's and Bruno's runners do, so a run of many
         * steps opens a connection or two rather than one per step; the timing has no phases.
         */
        connection: z.enum(['new', 'reuse']).default('new'),
      })
      .strict(),
    output: ComposerSendResult,
  },
  /**
   * Keeps a picked file's bytes in the engine (memory only, the newest files up to 100 MiB) and
   * answers its id for `file.staged`, with its size and the type detected from its bytes.
   */
  'composer.stageFile': {
    input: z
      .object({
        name: z.string().min(1).max(255),
        base64: z.string().max(36 * 1024 * 1024),
      })
      .strict(),
    output: z.object({
      fileId: z.string(),
      size: z.number().int().nonnegative(),
      detectedMime: z.string().nullable(),
      detectedExt: z.string().nullable(),
    }),
  },
  /** The sample media files (resources/samples) for one-click sends. */
  'composer.samples': { input: NoInput, output: z.object({ samples: z.array(ComposerSample) }) },
  /** A journaled call as a composer request, to edit and send again. */
  'composer.fromRecord': {
    input: z.object({ seq: z.number().int().positive() }).strict(),
    output: z.object({ request: ComposerRequest, notes: z.array(z.string()) }),
  },
} as const satisfies DomainCommands<'composer'>;

// index.ts joins it into `events`; its `export *` carries it along, unused.
// ts-unused-exports:disable-next-line
export const composerEvents = {
  /** Upload progress of a composer.send that gave a requestId. */
  'composer.progress': z.object({
    requestId: z.string(),
    sentBytes: z.number().int().nonnegative(),
    totalBytes: z.number().int().nonnegative(),
  }),
} as const satisfies DomainEvents<'composer'>;
