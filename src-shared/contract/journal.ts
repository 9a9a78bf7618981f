// The journal's records (docs/journal.md): what `log.list` and `log.get` answer, what
// `log.appended` carries, and what a session export holds. One record kind per source: an API
// call, a grant, a system message, a captured delivery, a forward of it, a tunnel change.
import { z } from 'zod';
import { cutExpectedSignature } from '../rules/signature-prefix';
import { LoadSummary } from './load';
import { TunnelChange } from './tunnel';

export const RecordKind = z.enum(['api', 'delivery', 'forward', 'auth', 'tunnel', 'system']);
export type RecordKind = z.infer<typeof RecordKind>;

/** Exact bytes of a body: UTF-8 text when the bytes are valid UTF-8, otherwise base64. */
export const RawBody = z.object({
  encoding: z.enum(['utf8', 'base64']),
  text: z.string(),
  size: z.number().int().nonnegative(),
});
export type RawBody = z.infer<typeof RawBody>;

export const Timing = z.object({
  /** From the start of the request to the last body byte. */
  totalMs: z.number().nonnegative(),
  /** Time to the response headers (connect and TLS included). */
  ttfbMs: z.number().nonnegative().nullable(),
  /** From the headers to the last body byte. */
  downloadMs: z.number().nonnegative().nullable(),
  /** Phases of a new connection, as measured on its socket (absent when a connection was reused
   * or the phase did not happen: no DNS for an IP address, no TLS for http). */
  dnsMs: z.number().nonnegative().optional(),
  connectMs: z.number().nonnegative().optional(),
  tlsMs: z.number().nonnegative().optional(),
});
export type Timing = z.infer<typeof Timing>;

export const ApiExchange = z.object({
  method: z.string(),
  url: z.string(),
  /** Request headers, secrets redacted. */
  requestHeaders: z.record(z.string(), z.string()),
  /** Request parameters (form fields or query), secrets redacted. */
  requestParams: z.record(z.string(), z.string()),
  /** null when no response arrived (see `error`). */
  status: z.number().int().nullable(),
  responseHeaders: z.record(z.string(), z.string()),
  /** The raw response body, with secret values redacted. */
  responseBody: RawBody.nullable(),
  timing: Timing,
  /** Why no response arrived (refused, timed out, ...). */
  error: z.string().optional(),
  /**
   * Set when the call was sent twice, saying why in words: the server closed the kept-alive
   * connection of the first try before answering it, so the request had not reached it. The rest
   * of the exchange (`timing` included) is the second try's.
   */
  resent: z.string().optional(),
});
export type ApiExchange = z.infer<typeof ApiExchange>;

const recordBase = {
  seq: z.number().int().positive(),
  /** ISO 8601 time the record was written. */
  at: z.string(),
  /** One line for a person: what happened. */
  summary: z.string(),
  profileId: z.string().optional(),
};

export const ApiRecord = z.object({ ...recordBase, kind: z.literal('api'), api: ApiExchange });
export type ApiRecord = z.infer<typeof ApiRecord>;
const AuthRecord = z.object({
  ...recordBase,
  kind: z.literal('auth'),
  auth: z.object({
    action: z.enum(['app_token', 'connect', 'refresh', 'disconnect', 'otp']),
    outcome: z.enum(['ok', 'error']),
    detail: z.string().optional(),
    userId: z.string().optional(),
    /** The `api` record of the HTTP call behind this grant, when there was one. */
    apiSeq: z.number().int().positive().optional(),
  }),
});
type AuthRecord = z.infer<typeof AuthRecord>;
/** Which step of a run a `system` record tells of (docs/journal.md, `system`), and its outcome. */
export const RunStepMark = z.object({
  /** The scenario's file, with its data row in a data-driven run ("token.yaml [2/3] want=401"). */
  scenario: z.string(),
  /** The step's index from 0; null for a scenario that could not start. */
  index: z.number().int().nonnegative().nullable(),
  state: z.enum(['passed', 'failed', 'skipped']),
});
export type RunStepMark = z.infer<typeof RunStepMark>;

export const SystemRecord = z.object({
  ...recordBase,
  kind: z.literal('system'),
  system: z.object({
    level: z.enum(['info', 'warn', 'error']),
    message: z.string(),
    /**
     * A load run's record carries its whole summary (docs/journal.md, "A load run"), which the
     * session's HTML report draws. Absent from every other record and from a load run's record of
     * an older version; one that does not read as a summary is dropped, so the record (its
     * message says the same in words) stays readable.
     */
    load: LoadSummary.optional().catch(undefined),
    /**
     * A run's step, or a scenario that failed before its first step (index null), and how it
     * ended: what the session's HTML report counts as a failed step. Absent from every other
     * record and from a step's record of an older version, which the report tells by its words.
     */
    step: RunStepMark.optional().catch(undefined),
  }),
});
export type SystemRecord = z.infer<typeof SystemRecord>;

/** A change of the tunnel's state (docs/journal.md, `tunnel`; the shape is the tunnel's own). */
export const TunnelRecord = z.object({
  ...recordBase,
  kind: z.literal('tunnel'),
  tunnel: TunnelChange,
});
export type TunnelRecord = z.infer<typeof TunnelRecord>;

// ---- inbound deliveries (docs/journal.md, `delivery` and `forward`) ----

export const SignatureOutcome = z.enum(['valid', 'invalid', 'missing', 'unsupported']);
export type SignatureOutcome = z.infer<typeof SignatureOutcome>;
export const DeliveryVerification = z
  .object({
    outcome: SignatureOutcome,
    /** `signature_method` as it arrived ('' when absent). */
    method: z.string(),
    /** In words: why this outcome, and for an invalid one what was expected over which bytes. */
    explanation: z.string(),
    /**
     * The start of the signature the engine computed for an invalid HMAC (`3f9a0c21…`), never the
     * whole of it: whole, it would sign the sender's data. A record written before keeps it whole on
     * disk; it is cut when read (src-shared/rules/signature-prefix.ts).
     */
    expected: z.string().optional(),
    /** What was signed, e.g. "the `data` field, 312 bytes of UTF-8 after form decoding". */
    over: z.string().optional(),
  })
  .transform(cutExpectedSignature);
export type DeliveryVerification = z.infer<typeof DeliveryVerification>;
export const DeliveryClassification = z.object({
  category: z.enum(['message', 'group-invite', 'group-event', 'unknown']),
  /** `type` from the data JSON ('' when there is none). */
  type: z.string(),
  msgType: z.string().optional(),
  messageId: z.string().optional(),
  userId: z.string().optional(),
  roomId: z.string().optional(),
  contactId: z.string().optional(),
});
export type DeliveryClassification = z.infer<typeof DeliveryClassification>;
export const DeliveryCapture = z.object({
  method: z.string(),
  /** Path and query as requested. */
  path: z.string(),
  /** Request headers as received (lower-case names), secrets redacted. */
  headers: z.record(z.string(), z.string()),
  source: z.object({ address: z.string(), port: z.number().int().nullable() }),
  /** The exact request body; null when it was refused unread (too large). */
  body: RawBody.nullable(),
  /** When the request arrived (ISO 8601); `at` is when the record was written. */
  receivedAt: z.string(),
  response: z.object({
    status: z.number().int(),
    body: z.string(),
    delayMs: z.number().nonnegative(),
    /** Why this answer: the profile's response control, a simulated failure, or a refusal. */
    reason: z.enum(['configured', 'failure-rate', 'unverified', 'refused']),
    /**
     * Set when the answer leaves after the platform's deadline for one attempt (its delay is that
     * long), saying so in words: the platform had stopped waiting and retries, so whatever the
     * status, it is no success (src-shared/rules/delivery-deadline.ts).
     */
    late: z.string().optional(),
  }),
  /** Set when the request itself was refused (too large, malformed, too slow): what and why. */
  error: z.string().optional(),
  form: z.object({
    data: z.string().nullable(),
    signature: z.string().nullable(),
    signatureMethod: z.string().nullable(),
  }),
  verification: DeliveryVerification,
  classification: DeliveryClassification,
  /** Where the data differs from the API document and the sandbox's behaviour (docs/sandbox.md). */
  shapeIssues: z.array(z.string()),
  /** The seq of the first delivery with the same message id (a retry or a replay). */
  repeatOf: z.number().int().positive().optional(),
  /** The delivery this one replays (sent by inbound.replay). */
  replayOf: z.number().int().positive().optional(),
  /** For a replay: whether `data` was edited, and whether it was signed again. */
  replayEdit: z.object({ edited: z.boolean(), resigned: z.boolean() }).optional(),
  /** Forward targets this delivery is being sent to; results follow as `forward` records. */
  forwardTo: z.array(z.string()),
});
export type DeliveryCapture = z.infer<typeof DeliveryCapture>;
export const DeliveryRecord = z.object({
  ...recordBase,
  kind: z.literal('delivery'),
  delivery: DeliveryCapture,
});
export type DeliveryRecord = z.infer<typeof DeliveryRecord>;
/**
 * Why a delivery was not sent on to a forward target: its signature (not valid, and the target
 * does not take unverified ones), a loop (it carries TP Inspector's own forward mark), or the
 * target is this receiver (its loopback URL or its public URL).
 */
export const NotForwardedReason = z.enum([
  'signature-invalid',
  'signature-missing',
  'signature-unsupported',
  'loop',
  'target-is-receiver',
]);
export type NotForwardedReason = z.infer<typeof NotForwardedReason>;
/** A delivery sent on to one of the developer's URLs (forward-to, or a replay to a URL). */
export const ForwardRecord = z.object({
  ...recordBase,
  kind: z.literal('forward'),
  forward: z.object({
    /** The delivery record this sent on. */
    deliverySeq: z.number().int().positive(),
    why: z.enum(['forward', 'replay']),
    /** For a replay: whether data was edited, and whether it was signed again. */
    edited: z.boolean(),
    resigned: z.boolean(),
    /**
     * Set when nothing was sent: why, and in words. `exchange` then has the target's URL, no
     * status, and `error` saying the same (so readers that do not know this field still show it).
     */
    notForwarded: z.object({ reason: NotForwardedReason, explanation: z.string() }).optional(),
    /**
     * Set when the target answered after the platform's deadline for one delivery attempt, saying
     * so in words: had the platform sent it the delivery, it would have stopped waiting and retried.
     */
    late: z.string().optional(),
    exchange: ApiExchange,
  }),
});
export type ForwardRecord = z.infer<typeof ForwardRecord>;

export const JournalRecord = z.discriminatedUnion('kind', [
  ApiRecord,
  AuthRecord,
  SystemRecord,
  DeliveryRecord,
  ForwardRecord,
  TunnelRecord,
]);
export type JournalRecord = z.infer<typeof JournalRecord>;
