// The headless host's WebSocket wire format: `{id, command, input}` in, `{id, ok, output | error}`
// out, and every event pushed as `{event, payload}`; a client that sent `{events: 'batched'}` (a
// WireHello) gets new journal records several at a time as `{event, payloads}`.
import { z } from 'zod';
import { CommandErrorShape } from './errors';

export const WireRequest = z.object({
  id: z.number().int().nonnegative(),
  command: z.string(),
  input: z.unknown(),
});
export type WireRequest = z.infer<typeof WireRequest>;

export const WireResponse = z.union([
  z.object({ id: z.number().int(), ok: z.literal(true), output: z.unknown() }),
  z.object({ id: z.number().int().nullable(), ok: z.literal(false), error: CommandErrorShape }),
]);
export type WireResponse = z.infer<typeof WireResponse>;

export const WireEvent = z.object({ event: z.string(), payload: z.unknown() });
export type WireEvent = z.infer<typeof WireEvent>;

/**
 * Several events of one name in one message, in the order they happened: the host sends new
 * journal records (log.appended) this way, so a burst of deliveries is a few messages, not one per
 * record. Read it as that many `WireEvent`s.
 */
export const WireEventBatch = z.object({ event: z.string(), payloads: z.array(z.unknown()) });
export type WireEventBatch = z.infer<typeof WireEventBatch>;

/**
 * Sent by a client once it is open to get journal records as WireEventBatch from then on (the
 * app's page does). Unanswered; a client that never sends it keeps one WireEvent per record.
 */
export const WireHello = z.object({ events: z.literal('batched') }).strict();
export type WireHello = z.infer<typeof WireHello>;

/**
 * The headless host's streamed download of a session's export: `GET` with the input of
 * `sessions.export` as query parameters (`format`, `sessionId` when not the active session,
 * `filter` as JSON and `throughSeq` for the records a list shows)
 * answers the file, written as it is made, with Content-Disposition; `&check=1` answers 204 when
 * the export can be made, else the error's words (status 400, 404, 409 or 500), without making it.
 */
export const EXPORT_SESSION_PATH = '/export/session';

export function exportSessionUrl(
  input: { format: string; sessionId?: string; filter?: object; throughSeq?: number },
  check = false,
) {
  const query = [`format=${encodeURIComponent(input.format)}`];
  if (input.sessionId) query.push(`sessionId=${encodeURIComponent(input.sessionId)}`);
  if (input.filter) query.push(`filter=${encodeURIComponent(JSON.stringify(input.filter))}`);
  if (input.throughSeq !== undefined) query.push(`throughSeq=${input.throughSeq}`);
  if (check) query.push('check=1');
  return `${EXPORT_SESSION_PATH}?${query.join('&')}`;
}
