// Sessions of the journal (sessions.*): one journal per QA run, one active at a time, each
// exported as NDJSON, HAR or an HTML report.
import { z } from 'zod';
import { NoInput, type DomainCommands, type DomainEvents } from './common';

export const SessionView = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  active: z.boolean(),
  records: z.number().int().nonnegative(),
});
export type SessionView = z.infer<typeof SessionView>;
export const SessionsState = z.object({ activeId: z.string(), sessions: z.array(SessionView) });
export type SessionsState = z.infer<typeof SessionsState>;

export const sessionsCommands = {
  'sessions.list': { input: NoInput, output: SessionsState },
  /** Starts a new, empty session (a QA run) and makes it the active one. */
  'sessions.start': {
    input: z.object({ name: z.string().trim().min(1).max(120) }).strict(),
    output: SessionsState,
  },
  'sessions.switch': {
    input: z.object({ sessionId: z.string().min(1) }).strict(),
    output: SessionsState,
  },
  /** A session as a file's content: NDJSON (the journal itself), HAR 1.2, or an HTML report. */
  'sessions.export': {
    input: z
      .object({
        sessionId: z.string().min(1).optional(),
        format: z.enum(['ndjson', 'har', 'html']),
      })
      .strict(),
    output: z.object({ filename: z.string(), mimeType: z.string(), content: z.string() }),
  },
} as const satisfies DomainCommands<'sessions'>;

export const sessionsEvents = {
  /** A session was started or switched to: the log now shows that session's records. */
  'sessions.changed': SessionsState,
} as const satisfies DomainEvents<'sessions'>;
