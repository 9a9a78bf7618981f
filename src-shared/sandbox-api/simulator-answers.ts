// The raw JSON the sandbox's simulator API (/_sandbox/, docs/sandbox.md) answers, snake_case as on
// the wire. One declaration for both sides: the sandbox's routes type what they send with `Sent<>`
// and the engine parses the answers with these schemas (core/simulator/state-view.ts), so a change
// on one side fails the compiler on the other. The engine reads tolerantly (`.catch`): the sandbox
// is another server, and a field it leaves out or gets wrong must not hide the rest of the state.
import { z } from 'zod';

/** What the sandbox sends (a schema's input). */
export type Sent<S extends z.ZodType> = z.input<S>;
/** What the engine reads once parsed (a schema's output). */
export type Read<S extends z.ZodType> = z.output<S>;

const Str = z.string().catch('');

/**
 * A registration. The sandbox sends its whole app record; the client secret is not declared, so
 * parsing leaves it out and it never reaches the panel.
 */
export const AppAnswer = z.object({
  client_id: z.string(),
  name: Str,
  redirect_uri: Str,
  scopes: z.array(z.string()).catch([]),
  endpoint_url: Str,
  management_url: Str,
  directory_url: Str,
  signature_method: Str,
  token_lifetime: z.number().catch(0),
  rate_limit: z
    .object({ count: z.number(), window_s: z.number() })
    .catch({ count: 0, window_s: 0 }),
  // The sandbox's own defaults (docs/sandbox.md, The config file) when a field is missing.
  rotate_refresh_tokens: z.boolean().catch(true),
  repeat_refresh_token: z.boolean().catch(true),
});

export const UserAnswer = z.object({
  id: z.string(),
  name: Str,
  surname: Str,
  msisdn: Str,
  lang: Str,
});

/** A message as the platform carries it: any JSON object, of which the panel reads these fields. */
const MessageAnswer = z.record(z.string(), z.unknown()).pipe(
  z
    .object({
      id: Str,
      type: Str,
      timestamp: Str,
      sender: Str,
      room: z.string().optional(),
      data: z.unknown(),
    })
    .passthrough(),
);

export const RoomAnswer = z.object({
  room: z.string(),
  data: z.object({
    subject: Str,
    avatar: Str,
    occupants: z.array(z.object({ id: z.string() })).catch([]),
  }),
  created_by: z.string().optional(),
});

export const DeliveryAnswer = z.object({
  id: z.string(),
  client_id: Str,
  type: Str,
  url: Str,
  data: Str,
  signature_method: Str,
  status: Str,
  created_at: Str,
  attempts: z
    .array(
      z.object({
        attempt: z.number(),
        at: Str,
        status: z.number().nullable(),
        duration_ms: z.number().catch(0),
        response_body: Str,
        error: z.string().optional(),
      }),
    )
    .catch([]),
});

/** GET /_sandbox/deliveries: the newest first. */
export const DeliveriesAnswer = z.object({ deliveries: z.array(DeliveryAnswer) });

/** GET /_sandbox/state: the whole sandbox. */
/** GET /_sandbox/clock and POST /_sandbox/clock/advance: the sandbox's time (docs/sandbox.md, The clock). */
export const ClockAnswer = z.object({
  /** ISO 8601, UTC. */
  now: z.string(),
  /** How far ahead of real time, in seconds. */
  offset_s: z.number(),
});

export const StateAnswer = z.object({
  platform_domain: z.string(),
  /** Absent from a sandbox of before the clock: read as real time. */
  clock: ClockAnswer.optional().catch(undefined),
  /** The sandbox's own settings; the panel does not show them. */
  settings: z
    .object({
      max_file_bytes: z.number(),
      otp_lifetime: z.number(),
      delivery: z.object({ retry_delays_ms: z.array(z.number()), timeout_ms: z.number() }),
    })
    .optional()
    .catch(undefined),
  apps: z.array(AppAnswer),
  users: z.array(UserAnswer),
  connections: z
    .array(z.object({ client_id: z.string(), user_id: z.string(), scopes: z.array(z.string()) }))
    .catch([]),
  contacts: z
    .array(
      z.object({
        client_id: z.string(),
        contact_id: z.string(),
        display_name: Str,
        capabilities: Str,
        owners: z.array(z.string()),
      }),
    )
    .catch([]),
  rooms: z.array(RoomAnswer).catch([]),
  /** Each user's received messages; the panel reads them from app_messages instead. */
  messages: z
    .array(z.object({ user_id: z.string(), received: z.array(MessageAnswer) }))
    .optional()
    .catch(undefined),
  app_messages: z
    .array(
      z.object({ message: MessageAnswer, recipients: z.array(z.string()), no_push: z.boolean() }),
    )
    .catch([]),
  user_messages: z.array(MessageAnswer).optional().catch(undefined),
  deliveries: z.array(DeliveryAnswer).optional().catch(undefined),
});

/** POST /_sandbox/users/{id}/messages: the message sent. */
export const MessageSentAnswer = z.object({ id: z.string() }).catch({ id: '' });

/** POST /_sandbox/users/{id}/otp: the otp, the URL the platform client opened, and its answer. */
export const OtpAnswer = z.object({
  otp: z.string(),
  url: z.string(),
  status: z.number().nullable(),
  error: z.string().optional(),
});

/** POST /_sandbox/users/{id}/disconnect. */
export const DisconnectAnswer = z
  .object({
    user_id: z.string().optional().catch(undefined),
    client_id: z.string().optional().catch(undefined),
    connected: z.boolean().optional().catch(undefined),
    revoked_tokens: z.number(),
  })
  .catch({ revoked_tokens: 0 });

/** POST /_sandbox/tokens/expire. */
export const ExpireAnswer = z
  .object({ client_id: z.string().optional().catch(undefined), expired: z.number() })
  .catch({ expired: 0 });
