// Sessions of the journal (sessions.*): one journal per QA run, one active at a time, each
// exported as NDJSON, HAR or an HTML report, archived (compressed, opened read-only) or deleted.
import { z } from 'zod';
import { NoInput, type DomainCommands, type DomainEvents } from './common';
import { LogFilter } from './log';

export const SessionView = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  /** Shown in the event log. */
  active: z.boolean(),
  records: z.number().int().nonnegative(),
  /** Compressed on disk: opened read-only, nothing is appended to it. */
  archived: z.boolean(),
  /** Bytes on disk of its NDJSON, its index and its archive. */
  bytes: z.object({
    ndjson: z.number().int().nonnegative(),
    index: z.number().int().nonnegative(),
    archive: z.number().int().nonnegative(),
  }),
});
export type SessionView = z.infer<typeof SessionView>;
const SessionId = z.object({ sessionId: z.string().min(1) }).strict();
const Count = z.number().int().nonnegative();
/** How many records of a session fall in each class (docs/journal.md, "Compare two sessions"). */
export const SessionCounts = z.object({
  records: Count,
  /** By kind: `api`, `delivery`, ... */
  kinds: z.record(z.string(), Count),
  /** By kind and outcome: `api 2xx`, `delivery 4xx`, `auth error`, `system warn`, `tunnel up`. */
  outcomes: z.record(z.string(), Count),
  /** Deliveries by signature result: `valid`, `invalid`, `missing`, `unsupported`. */
  signatures: z.record(z.string(), Count),
});
export type SessionCounts = z.infer<typeof SessionCounts>;
/** One record of a compared session, as listed among those that differ. */
const ComparedRecord = z.object({ seq: z.number().int().positive(), summary: z.string() });
/**
 * Records alike (the same kind, request, type and outcome: `api POST /tp/message/send.json 2xx`)
 * that one session has more of than the other, with the records of each (the first 20).
 */
export const SessionDifference = z.object({
  key: z.string(),
  left: Count,
  right: Count,
  leftRecords: z.array(ComparedRecord),
  rightRecords: z.array(ComparedRecord),
});
export type SessionDifference = z.infer<typeof SessionDifference>;
const ComparedSession = z.object({ id: z.string(), name: z.string(), counts: SessionCounts });
export const SessionsState = z.object({
  /** The session the event log shows. */
  activeId: z.string(),
  /** Where new records go: the active session, unless that one is archived (read-only). */
  recordingId: z.string(),
  sessions: z.array(SessionView),
  /** Bytes of everything in the data folder (settings, profiles, every session's files). */
  dataFolderBytes: z.number().int().nonnegative(),
});
export type SessionsState = z.infer<typeof SessionsState>;

export const sessionsCommands = {
  'sessions.list': { input: NoInput, output: SessionsState },
  /** Starts a new, empty session (a QA run) and makes it the active one. */
  'sessions.start': {
    input: z.object({ name: z.string().trim().min(1).max(120) }).strict(),
    output: SessionsState,
  },
  /** Shows a session in the event log; an archived one opens read-only. */
  'sessions.switch': { input: SessionId, output: SessionsState },
  /** Compresses a session that is not open; it opens read-only from then on. */
  'sessions.archive': { input: SessionId, output: SessionsState },
  /** Makes an archived session an ordinary one again (records may be appended to it). */
  'sessions.unarchive': { input: SessionId, output: SessionsState },
  /** Deletes a session that is not open, with all its files. */
  'sessions.delete': { input: SessionId, output: SessionsState },
  /** A session as a file's content: NDJSON (the journal itself), HAR 1.2, or an HTML report. */
  'sessions.export': {
    input: z
      .object({
        sessionId: z.string().min(1).optional(),
        format: z.enum(['ndjson', 'har', 'html']),
        /**
         * Only the records that match (the Event log's filter, as log.query takes it): what the
         * list shows, e.g. the three failing deliveries for a bug report. The file's name and the
         * report's title say "filtered".
         */
        filter: LogFilter.optional(),
        /** Only the records up to this seq: what a paused list shows (also "filtered"). */
        throughSeq: z.number().int().nonnegative().optional(),
      })
      .strict(),
    output: z.object({ filename: z.string(), mimeType: z.string(), content: z.string() }),
  },
  /**
   * Two sessions side by side: their counts (kinds, outcomes, signature results) and the records
   * alike that one has more of than the other, e.g. the run of yesterday's build and today's.
   */
  'sessions.compare': {
    input: z.object({ leftId: z.string().min(1), rightId: z.string().min(1) }).strict(),
    output: z.object({
      left: ComparedSession,
      right: ComparedSession,
      /** The first 200 differences, most differing first. */
      differences: z.array(SessionDifference),
      /** How many there are in all. */
      differencesTotal: Count,
    }),
  },
} as const satisfies DomainCommands<'sessions'>;

// index.ts joins it into `events`; its `export *` carries it along, unused.
// ts-unused-exports:disable-next-line
export const sessionsEvents = {
  /** A session was started, switched to, archived, unarchived or deleted. */
  'sessions.changed': SessionsState,
} as const satisfies DomainEvents<'sessions'>;
