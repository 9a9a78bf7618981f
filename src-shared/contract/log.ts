// The event log (log.*): the active session's journal, paged, filtered and searched in the engine
// (docs/journal.md, "What is on disk, and why"). The records themselves are in journal.ts.
import { z } from 'zod';
import type { DomainCommands, DomainEvents } from './common';
import { JournalRecord, RecordKind, SignatureOutcome } from './journal';

/** Status classes of a record's HTTP answer (api, delivery, forward); `none`: no answer. */
export const StatusClass = z.enum(['2xx', '3xx', '4xx', '5xx', 'none']);
export type StatusClass = z.infer<typeof StatusClass>;
/** Every field narrows (AND); an absent or empty field does not. */
export const LogFilter = z
  .object({
    kinds: z.array(RecordKind).max(6).optional(),
    /** A delivery's `type` (the data's type: text, group-invite, ...). */
    eventType: z.string().max(200).optional(),
    msgType: z.string().max(200).optional(),
    /** The platform user: a delivery's sender, a grant's user, a call's user_id. */
    userId: z.string().max(200).optional(),
    roomId: z.string().max(200).optional(),
    /** A call naming the contact (contact_id), a delivery to it. */
    contactId: z.string().max(200).optional(),
    signature: SignatureOutcome.optional(),
    status: StatusClass.optional(),
    /** Case-insensitive text anywhere in the summary, URLs, parameters and bodies. */
    text: z.string().max(1000).optional(),
    /** Only records after this seq (the view's "Clear"; the journal keeps everything). */
    afterSeq: z.number().int().nonnegative().optional(),
    /** Only the `forward` records of this delivery. */
    deliverySeq: z.number().int().positive().optional(),
    /** Only the records written while this profile was active (History is per profile too). */
    profileId: z.string().max(200).optional(),
  })
  .strict();
export type LogFilter = z.infer<typeof LogFilter>;
/** A record as one line of the list: enough to draw the row, not the bodies. */
export const LogRow = z.object({
  seq: z.number().int().positive(),
  at: z.string(),
  kind: RecordKind,
  summary: z.string(),
  method: z.string().optional(),
  /** Path and query of the call, the delivery or the forward target. */
  path: z.string().optional(),
  status: z.number().int().nullable().optional(),
  totalMs: z.number().nonnegative().optional(),
  signature: SignatureOutcome.optional(),
  /** A delivery that repeats an earlier one (repeatOf) or was replayed (replayOf). */
  repeatOf: z.number().int().positive().optional(),
  replayOf: z.number().int().positive().optional(),
  /** A replay sent with its data edited (signed again or not). */
  replayEdited: z.boolean().optional(),
  level: z.enum(['info', 'warn', 'error']).optional(),
  /** A delivery or forward answered after the platform's deadline, in words (its record's `late`). */
  late: z.string().optional(),
  /** Who the record concerns: a call's acting user (user_id), a grant's user. */
  userId: z.string().optional(),
  /** A delivery's gist, so the row tells what arrived without opening it. */
  preview: z
    .object({
      /** The msg_type, or the group event's type. */
      type: z.string(),
      /** The sender's user id. */
      from: z.string().optional(),
      /** The start of the text, or the sticker, place or file it carries. */
      text: z.string().optional(),
    })
    .optional(),
});
export type LogRow = z.infer<typeof LogRow>;
/** Values seen in the session, for the filter's choices (at most 200 of each). */
export const LogFacets = z.object({
  eventTypes: z.array(z.string()),
  msgTypes: z.array(z.string()),
  users: z.array(z.string()),
  rooms: z.array(z.string()),
  contacts: z.array(z.string()),
  profiles: z.array(z.string()),
});
export type LogFacets = z.infer<typeof LogFacets>;
export const LogQueryInput = z
  .object({
    filter: LogFilter.default({}),
    /** Index of the first match wanted, counting from the oldest; omit for the newest `limit`. */
    offset: z.number().int().nonnegative().optional(),
    limit: z.number().int().min(1).max(1000).default(200),
    facets: z.boolean().default(false),
  })
  .strict();
export const LogQueryOutput = z.object({
  /** How many records match in all. */
  total: z.number().int().nonnegative(),
  offset: z.number().int().nonnegative(),
  rows: z.array(LogRow),
  /** The last record this answer covers; newer ones come as log.appended. */
  throughSeq: z.number().int().nonnegative(),
  facets: LogFacets.optional(),
  /**
   * Set while the journal's index is still being built (the first opening of a large journal, or
   * its saved index was lost): the answer covers the records indexed so far. Bytes of the journal.
   */
  indexing: z
    .object({ done: z.number().int().nonnegative(), total: z.number().int().nonnegative() })
    .optional(),
  /**
   * Set while a full-text search is still counting its matches (one many records match): `total`
   * and the rows cover the newest matches found so far, and the exact count follows. Candidate
   * records tested of those to test.
   */
  counting: z
    .object({ done: z.number().int().nonnegative(), total: z.number().int().nonnegative() })
    .optional(),
});
export type LogQueryOutput = z.infer<typeof LogQueryOutput>;

export const logCommands = {
  /** The newest records, oldest first; page back with `beforeSeq`. */
  'log.list': {
    input: z
      .object({
        beforeSeq: z.number().int().positive().optional(),
        limit: z.number().int().min(1).max(5000).default(500),
      })
      .strict(),
    output: z.object({ records: z.array(JournalRecord), lastSeq: z.number().int().nonnegative() }),
  },
  /**
   * The active session's records that pass a filter, as rows for a virtual list, paged by their
   * index among the matches (docs/journal.md, "What is on disk, and why").
   */
  'log.query': { input: LogQueryInput, output: LogQueryOutput },
  /** One record of the active session in full; null when there is no such seq. */
  'log.get': {
    input: z.object({ seq: z.number().int().positive() }).strict(),
    output: z.object({ record: JournalRecord.nullable() }),
  },
} as const satisfies DomainCommands<'log'>;

// index.ts joins it into `events`; its `export *` carries it along, unused.
// ts-unused-exports:disable-next-line
export const logEvents = {
  'log.appended': JournalRecord,
} as const satisfies DomainEvents<'log'>;
