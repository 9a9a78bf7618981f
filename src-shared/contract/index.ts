// The one typed list of what the UI can ask the engine (commands) and what it can hear (events).
// Both transports (Electron IPC, the headless host's WebSocket) carry exactly this, and every host
// validates command input against these schemas at its boundary. This file imports nothing but zod,
// so the renderer can import it too.
import { z } from 'zod';

// ---------- shared shapes ----------

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
export const AuthRecord = z.object({
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
export const SystemRecord = z.object({
  ...recordBase,
  kind: z.literal('system'),
  system: z.object({ level: z.enum(['info', 'warn', 'error']), message: z.string() }),
});
// ---- the tunnel (docs/journal.md, `tunnel`) ----

/** idle: off; connecting: first registration; up; down (reason); reconnecting: waiting to retry. */
export const TunnelState = z.enum(['idle', 'connecting', 'up', 'down', 'reconnecting']);
export type TunnelState = z.infer<typeof TunnelState>;
/** localtunnel: a tunnel the engine runs; own-url: a public URL the person runs (ngrok, ...). */
export const TunnelMode = z.enum(['off', 'localtunnel', 'own-url']);
export type TunnelMode = z.infer<typeof TunnelMode>;
export const TunnelChange = z.object({
  state: TunnelState,
  mode: TunnelMode,
  publicUrl: z.string().optional(),
  /** Why it is down (or why it went idle). */
  reason: z.string().optional(),
  /** Retries since it was last up (1 for the first retry). */
  attempt: z.number().int().positive().optional(),
  /** reconnecting: how long until the next try. */
  retryInMs: z.number().int().nonnegative().optional(),
});
export type TunnelChange = z.infer<typeof TunnelChange>;
export const TunnelRecord = z.object({
  ...recordBase,
  kind: z.literal('tunnel'),
  tunnel: TunnelChange,
});
export type TunnelRecord = z.infer<typeof TunnelRecord>;
// ---- inbound deliveries (docs/journal.md, `delivery` and `forward`) ----

export const SignatureOutcome = z.enum(['valid', 'invalid', 'missing', 'unsupported']);
export type SignatureOutcome = z.infer<typeof SignatureOutcome>;
export const DeliveryVerification = z.object({
  outcome: SignatureOutcome,
  /** `signature_method` as it arrived ('' when absent). */
  method: z.string(),
  /** In words: why this outcome, and for an invalid one what was expected over which bytes. */
  explanation: z.string(),
  /** The signature the engine computed (an invalid HMAC); never the key. */
  expected: z.string().optional(),
  /** What was signed, e.g. "the `data` field, 312 bytes of UTF-8 after form decoding". */
  over: z.string().optional(),
});
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
export type ApiRecord = z.infer<typeof ApiRecord>;
export type AuthRecord = z.infer<typeof AuthRecord>;
export type SystemRecord = z.infer<typeof SystemRecord>;

/** A profile as the UI sees it: the client secret is never sent, only whether there is one. */
export const ProfileView = z.object({
  id: z.string(),
  name: z.string(),
  /** `sandbox` is the embedded sandbox's profile, kept in step with its registration. */
  kind: z.enum(['sandbox', 'custom']),
  baseUrl: z.string(),
  clientId: z.string(),
  hasClientSecret: z.boolean(),
  redirectUri: z.string(),
  scopes: z.array(z.string()),
  endpointUrl: z.string(),
  managementUrl: z.string(),
  directoryUrl: z.string(),
});
export type ProfileView = z.infer<typeof ProfileView>;

export const AppTokenView = z.object({
  profileId: z.string(),
  /** The access token redacted to a short prefix; the full value never leaves the engine. */
  preview: z.string(),
  tokenType: z.string(),
  scope: z.string(),
  obtainedAt: z.string(),
  /** null when the platform gave no `expires_in`. */
  expiresAt: z.string().nullable(),
});
export type AppTokenView = z.infer<typeof AppTokenView>;

export const AuthStatus = z.object({
  profileId: z.string(),
  appToken: AppTokenView.nullable(),
  /** The last grant failure for this profile, in words, until a grant succeeds. */
  lastError: z.string().nullable(),
});
export type AuthStatus = z.infer<typeof AuthStatus>;

export const ProfilesState = z.object({
  activeProfileId: z.string(),
  profiles: z.array(ProfileView),
});
export type ProfilesState = z.infer<typeof ProfilesState>;

const httpUrl = (what: string) =>
  z
    .string()
    .trim()
    .refine(
      (v) => /^https?:\/\/[^\s/]+/i.test(v) && URL.canParse(v),
      `${what} must be an http:// or https:// URL`,
    );
const optionalHttpUrl = (what: string) => z.union([z.literal(''), httpUrl(what)]);

/** What a person edits in a profile. The client secret is write-only: set it, never read it back. */
export const ProfileInput = z.object({
  name: z.string().trim().min(1, 'name is required').max(80),
  baseUrl: httpUrl('baseUrl'),
  clientId: z.string().trim().min(1, 'clientId is required').max(200),
  clientSecret: z.string().min(1).max(2000).optional(),
  redirectUri: httpUrl('redirectUri'),
  scopes: z.array(z.string().regex(/^\S+$/, 'a scope has no spaces')).max(50),
  endpointUrl: optionalHttpUrl('endpointUrl').default(''),
  managementUrl: optionalHttpUrl('managementUrl').default(''),
  directoryUrl: optionalHttpUrl('directoryUrl').default(''),
});
export type ProfileInput = z.input<typeof ProfileInput>;

export const SecretStorageView = z.object({
  mode: z.enum(['sealed', 'plain-file', 'memory']),
  explanation: z.string(),
});
export type SecretStorageView = z.infer<typeof SecretStorageView>;

/** A platform user connected to the app, as the UI sees it (tokens redacted). */
export const ConnectedUser = z.object({
  profileId: z.string(),
  userId: z.string(),
  /** "Name Surname" from /tp/me.json, null until it was read. */
  displayName: z.string().nullable(),
  scope: z.string(),
  tokenPreview: z.string(),
  expiresAt: z.string().nullable(),
  hasRefreshToken: z.boolean(),
  /** `disconnected`: the platform refused the refresh (invalid_grant); connect again. */
  status: z.enum(['connected', 'refreshing', 'disconnected']),
  lastError: z.string().nullable(),
  connectedAt: z.string(),
});
export type ConnectedUser = z.infer<typeof ConnectedUser>;

/** The one authorization-code flow in flight (or the last one). */
export const ConnectFlow = z.object({
  id: z.string(),
  profileId: z.string(),
  status: z.enum(['waiting', 'exchanging', 'connected', 'failed', 'cancelled', 'timed_out']),
  authorizeUrl: z.string(),
  redirectUri: z.string(),
  scopes: z.array(z.string()),
  viaOtp: z.boolean(),
  startedAt: z.string(),
  expiresAt: z.string(),
  userId: z.string().nullable(),
  /** What went wrong, in words (an `error`/`error_description` redirect, a state mismatch, ...). */
  error: z.string().nullable(),
});
export type ConnectFlow = z.infer<typeof ConnectFlow>;

/** Who an API call acts as (part 5 of the API document). */
export const ActAs = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('app') }),
  z.object({ kind: z.literal('appForUser'), userId: z.string().min(1) }),
  z.object({ kind: z.literal('user'), userId: z.string().min(1) }),
]);
export type ActAs = z.infer<typeof ActAs>;

/** A platform client opened the app's management or directory URL with a one-time password. */
export const OtpVisit = z.object({
  id: z.string(),
  profileId: z.string(),
  target: z.enum(['management', 'directory']),
  at: z.string(),
  otpPreview: z.string(),
  /** `fromapp` as it arrived (null when absent). */
  fromapp: z.string().nullable(),
  /** The API document: show the disconnect control when fromapp is false, 0 or absent. */
  showDisconnect: z.boolean(),
  /** management: verified with /tp/otp/verify.json; directory: used in /tp/authorize. */
  outcome: z.enum(['verified', 'connecting', 'failed']),
  userId: z.string().nullable(),
  displayName: z.string().nullable(),
  error: z.string().nullable(),
});
export type OtpVisit = z.infer<typeof OtpVisit>;

export const InboundStatus = z.object({
  /** The receiver on loopback, e.g. http://127.0.0.1:5875 */
  baseUrl: z.string(),
  /** The tunnel's (or own) public URL while it is up; `suggested` is then on it. */
  publicUrl: z.string().optional(),
  /** The port asked for at start; when baseUrl has another, it was taken. */
  wantedPort: z.number().int(),
  /** The port saved for the next start (inbound.setPort); null: 5875. */
  savedPort: z.number().int().nullable(),
  /** The host named the port (serve --inbound-port): it wins over the saved one. */
  fromHost: z.boolean(),
  /** Paths the receiver serves for the profile, to register (behind a tunnel, on its host). */
  suggested: z.object({
    endpointUrl: z.string(),
    managementUrl: z.string(),
    directoryUrl: z.string(),
  }),
});
export type InboundStatus = z.infer<typeof InboundStatus>;

/** The tunnel as the UI shows it: its state, its settings and the last health check. */
export const TunnelStatus = TunnelChange.extend({
  /** The receiver the tunnel exposes, e.g. http://127.0.0.1:5875 */
  localUrl: z.string(),
  settings: z.object({
    /** The localtunnel server, e.g. https://localtunnel.me */
    host: z.string(),
    /** The wanted subdomain ('' for a random one). */
    subdomain: z.string(),
    /** The person's own public URL (ngrok, cloudflared), '' when none. */
    ownUrl: z.string(),
  }),
  lastCheck: z.object({ at: z.string(), ok: z.boolean(), detail: z.string() }).nullable(),
  /** The public URL last pushed into the sandbox app's registration, null when none. */
  pushedUrl: z.string().nullable(),
});
export type TunnelStatus = z.infer<typeof TunnelStatus>;
/** Subdomains as localtunnel servers accept them. */
export const TunnelSubdomain = z
  .string()
  .regex(
    /^[a-z0-9][a-z0-9-]{2,61}[a-z0-9]$/,
    'a subdomain is 4 to 63 lower-case letters, digits or -',
  );

/** How the receiver answers a profile's deliveries (inbound.setResponse). */
export const ResponseControl = z.object({
  status: z.number().int().min(200).max(599).default(200),
  body: z.string().max(100_000).default('ok'),
  contentType: z.string().max(200).default('text/plain; charset=utf-8'),
  delayMs: z.number().int().min(0).max(120_000).default(0),
  /** 0..1: the share of deliveries answered with failureStatus instead, to watch retries. */
  failureRate: z.number().min(0).max(1).default(0),
  failureStatus: z.number().int().min(400).max(599).default(500),
  /** Answer 401 to a delivery whose signature is not valid, as a strict app would. */
  rejectUnverified: z.boolean().default(false),
});
export type ResponseControl = z.infer<typeof ResponseControl>;

export const ForwardSettings = z.object({
  targets: z.array(httpUrl('a forward target')).max(10).default([]),
  timeoutMs: z.number().int().min(1).max(600_000).default(30_000),
});
export type ForwardSettings = z.infer<typeof ForwardSettings>;

export const InboundSettings = z.object({
  profileId: z.string(),
  response: ResponseControl,
  forwards: ForwardSettings,
  /** PEM public key for RSA-SHA256 signatures (the sandbox profile's is fetched at start). */
  rsaPublicKeyPem: z.string().nullable(),
});
export type InboundSettings = z.infer<typeof InboundSettings>;

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

// ---- the event log's queries (log.query: filters and full-text search run in the engine) ----

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
  level: z.enum(['info', 'warn', 'error']).optional(),
});
export type LogRow = z.infer<typeof LogRow>;
/** Values seen in the session, for the filter's choices (at most 200 of each). */
export const LogFacets = z.object({
  eventTypes: z.array(z.string()),
  msgTypes: z.array(z.string()),
  users: z.array(z.string()),
  rooms: z.array(z.string()),
  contacts: z.array(z.string()),
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
});
export type LogQueryOutput = z.infer<typeof LogQueryOutput>;

// ---- request composer (composer.*; the forms come from core/spec, which the renderer imports) ----

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
  /** An endpoint id of the catalog (`ENDPOINTS` in core/spec), e.g. `message.send`. */
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

// ---- the contact book (contacts.*; docs/architecture.md, "contacts") ----

/** One owner of a contact in the book: what the tool last saw for that user. */
export const ContactOwner = z.object({
  userId: z.string(),
  /** ok: the platform confirmed it; failed: the last call failed (kept for retry); imported: listed
   * in an import without a call, so not confirmed. */
  state: z.enum(['ok', 'failed', 'imported']),
  /** The call that failed, to be retried: add (or edit) for this owner, or remove. */
  failedAction: z.enum(['add', 'remove']).nullable(),
  /** What went wrong, in words (null when state is not failed). */
  error: z.string().nullable(),
  /** The journal record of the last call for this owner, for "show in the event log". */
  apiSeq: z.number().int().positive().nullable(),
  at: z.string(),
});
export type ContactOwner = z.infer<typeof ContactOwner>;

export const BookContact = z.object({
  contactId: z.string(),
  displayName: z.string(),
  /** '' when none. */
  avatarUrl: z.string(),
  capabilities: z.array(z.string()),
  owners: z.array(ContactOwner),
  /** The app's supercontact (contact_id = client_id): every connected user owns it implicitly;
   * it cannot be removed or modified. */
  supercontact: z.boolean(),
  updatedAt: z.string(),
});
export type BookContact = z.infer<typeof BookContact>;

export const ContactBook = z.object({ profileId: z.string(), contacts: z.array(BookContact) });
export type ContactBook = z.infer<typeof ContactBook>;

/** What one call did for one owner. */
export const OwnerResult = z.object({
  userId: z.string(),
  action: z.enum(['add', 'remove']),
  ok: z.boolean(),
  /** HTTP status, null when no response came (or the call was not sent). */
  status: z.number().int().nullable(),
  /** In words: what happened and what to do. */
  message: z.string(),
  apiSeq: z.number().int().positive().nullable(),
});
export type OwnerResult = z.infer<typeof OwnerResult>;

export const ContactOpResult = z.object({
  /** The contact after the operation; null when no owner is left (it is gone from the book). */
  contact: BookContact.nullable(),
  results: z.array(OwnerResult),
});
export type ContactOpResult = z.infer<typeof ContactOpResult>;

/** A contact as edited, typed in or imported. Rules: core/contacts/contact-rules.ts. */
export const ContactDraft = z.object({
  contactId: z.string().max(200),
  displayName: z.string().max(1000),
  avatarUrl: z.string().max(4096).default(''),
  capabilities: z.array(z.string().max(200)).max(50).default([]),
  /** User ids of connected users, one contact/add each. */
  owners: z.array(z.string().min(1).max(200)).max(500).default([]),
});
export type ContactDraft = z.input<typeof ContactDraft>;

export const ContactFieldIssue = z.object({
  field: z.enum(['contactId', 'displayName', 'avatarUrl', 'capabilities', 'owners']),
  message: z.string(),
});
export type ContactFieldIssue = z.infer<typeof ContactFieldIssue>;

export const ImportFormat = z.enum(['auto', 'csv', 'json']);
export const ImportRow = z.object({
  /** 1-based: the CSV line's record number after the header, or the JSON array index + 1. */
  row: z.number().int().positive(),
  /** The contact as read (null when the row could not be read at all). */
  contact: ContactDraft.nullable(),
  errors: z.array(z.string()),
  /** Not errors: undocumented capability values, owners not connected, an existing contact. */
  notes: z.array(z.string()),
});
export type ImportRow = z.infer<typeof ImportRow>;
export const ImportPreview = z.object({
  format: z.enum(['csv', 'json']),
  rows: z.array(ImportRow),
  valid: z.number().int().nonnegative(),
  invalid: z.number().int().nonnegative(),
});
export type ImportPreview = z.infer<typeof ImportPreview>;

// ---- the sandbox simulator (simulator.*; docs/sandbox.md, "The simulator panel") ----

/** What the app sent that reached a sandbox user, with the push flag (no_push) it was sent with. */
export const SimReceived = z.object({
  id: z.string(),
  type: z.string(),
  timestamp: z.string(),
  sender: z.string(),
  room: z.string().optional(),
  noPush: z.boolean(),
  /** The message's `data` as JSON text. */
  data: z.string(),
});
export type SimReceived = z.infer<typeof SimReceived>;
export const SimUser = z.object({
  id: z.string(),
  name: z.string(),
  surname: z.string(),
  msisdn: z.string(),
  lang: z.string(),
  /** Connected to the profile's app (a grant, not disconnected since). */
  connected: z.boolean(),
  scopes: z.array(z.string()),
  /** Newest first. */
  received: z.array(SimReceived),
});
export type SimUser = z.infer<typeof SimUser>;
export const SimContact = z.object({
  contactId: z.string(),
  displayName: z.string(),
  capabilities: z.array(z.string()),
  owners: z.array(z.string()),
});
export type SimContact = z.infer<typeof SimContact>;
export const SimOccupant = z.object({
  /** The address as the platform gives it. */
  address: z.string(),
  kind: z.enum(['user', 'contact']),
  /** The user id or the contact_id. */
  id: z.string(),
});
export const SimRoom = z.object({
  id: z.string(),
  subject: z.string(),
  avatar: z.string(),
  createdBy: z.string(),
  occupants: z.array(SimOccupant),
});
export type SimRoom = z.infer<typeof SimRoom>;
export const SimSignatureMethod = z.enum(['HMAC-SHA256', 'HMAC-SHA1', 'RSA-SHA256']);
/** The app's registration on the sandbox; never its client secret. */
export const SimApp = z.object({
  clientId: z.string(),
  name: z.string(),
  redirectUri: z.string(),
  scopes: z.array(z.string()),
  endpointUrl: z.string(),
  managementUrl: z.string(),
  directoryUrl: z.string(),
  signatureMethod: z.string(),
  tokenLifetime: z.number(),
  rateLimit: z.object({ count: z.number(), windowS: z.number() }),
});
export type SimApp = z.infer<typeof SimApp>;
export const SimAttempt = z.object({
  attempt: z.number(),
  at: z.string(),
  status: z.number().nullable(),
  durationMs: z.number(),
  responseBody: z.string(),
  error: z.string().optional(),
});
export const SimDelivery = z.object({
  id: z.string(),
  type: z.string(),
  url: z.string(),
  status: z.string(),
  createdAt: z.string(),
  signatureMethod: z.string(),
  data: z.string(),
  attempts: z.array(SimAttempt),
});
export type SimDelivery = z.infer<typeof SimDelivery>;
export const SimulatorState = z.object({
  profileId: z.string(),
  baseUrl: z.string(),
  platformDomain: z.string(),
  app: SimApp,
  users: z.array(SimUser),
  contacts: z.array(SimContact),
  rooms: z.array(SimRoom),
});
export type SimulatorState = z.infer<typeof SimulatorState>;
/** Every simulator action answers its outcome in words and the journal record that keeps it. */
const simOutcome = { outcome: z.string(), seq: z.number().int().positive() };
const simId = z.string().min(1).max(200);
export const SimRoomAction = z.discriminatedUnion('action', [
  z.object({ action: z.enum(['invite', 'remove']), room: simId, contactId: simId, by: simId }),
  z.object({ action: z.enum(['join', 'leave']), room: simId, userId: simId }),
  z.object({
    action: z.literal('update'),
    room: simId,
    by: simId,
    subject: z.string().min(1).max(256).optional(),
    avatar: z.string().min(1).max(2048).optional(),
  }),
]);
export type SimRoomAction = z.infer<typeof SimRoomAction>;
export const SimAppChanges = z
  .object({
    scopes: z.array(z.string().min(1).max(64)).max(20),
    endpointUrl: z.string().max(2048),
    managementUrl: z.string().max(2048),
    directoryUrl: z.string().max(2048),
    signatureMethod: SimSignatureMethod,
    tokenLifetime: z.number().int().positive().max(10_000_000),
    rateLimit: z
      .object({
        count: z.number().int().positive().max(1_000_000_000),
        windowS: z.number().int().positive().max(10_000_000),
      })
      .strict(),
  })
  .partial()
  .strict();
export type SimAppChanges = z.infer<typeof SimAppChanges>;

// ---------- commands ----------

const NoInput = z.object({}).strict();
const ProfileSelector = z.object({ profileId: z.string().min(1).optional() }).strict();

export const commands = {
  'app.info': {
    input: NoInput,
    output: z.object({
      version: z.string(),
      dataDir: z.string(),
      /** Base URL of the embedded sandbox platform, null when none runs. */
      sandboxUrl: z.string().nullable(),
      secretStorage: SecretStorageView,
    }),
  },
  'profiles.list': { input: NoInput, output: ProfilesState },

  'profiles.create': { input: ProfileInput.strict(), output: ProfileView },
  'profiles.update': {
    input: z
      .object({ profileId: z.string().min(1), changes: ProfileInput.partial().strict() })
      .strict(),
    output: ProfileView,
  },
  'profiles.duplicate': {
    input: z
      .object({ profileId: z.string().min(1), name: z.string().trim().min(1).max(80).optional() })
      .strict(),
    output: ProfileView,
  },
  'profiles.delete': {
    input: z.object({ profileId: z.string().min(1) }).strict(),
    output: ProfilesState,
  },
  'profiles.select': {
    input: z.object({ profileId: z.string().min(1) }).strict(),
    output: ProfilesState,
  },
  /** JSON of the chosen profiles (all by default), never with a secret. */
  'profiles.export': {
    input: z.object({ profileIds: z.array(z.string()).optional() }).strict(),
    output: z.object({ json: z.string() }),
  },
  'profiles.import': {
    input: z.object({ json: z.string().max(5_000_000) }).strict(),
    output: z.object({ imported: z.array(ProfileView), errors: z.array(z.string()) }),
  },
  'secrets.setAllowPlainFile': {
    input: z.object({ allow: z.boolean() }).strict(),
    output: SecretStorageView,
  },
  'auth.users': {
    input: ProfileSelector,
    output: z.object({ profileId: z.string(), users: z.array(ConnectedUser) }),
  },
  /**
   * Starts connecting a user: a loopback server at the redirect URI, the authorize URL opened in
   * the system browser. Resolves at once with the flow; `auth.flowChanged` tells the rest.
   * With `otp` (from the directory URL) the otp replaces the scopes and no consent page is shown.
   */
  'auth.connectUser': {
    input: z
      .object({
        profileId: z.string().min(1).optional(),
        scopes: z.array(z.string().min(1)).default([]),
        otp: z.string().min(1).optional(),
        openBrowser: z.boolean().default(true),
      })
      .strict(),
    output: ConnectFlow,
  },
  /** The fallback: the person pastes the URL the browser was redirected to. */
  'auth.completeConnect': {
    input: z.object({ redirectUrl: z.string().min(1).max(10_000) }).strict(),
    output: ConnectedUser,
  },
  'auth.cancelConnect': { input: NoInput, output: ConnectFlow.nullable() },
  'auth.flow': { input: NoInput, output: ConnectFlow.nullable() },
  'auth.refreshUser': {
    input: z
      .object({ profileId: z.string().min(1).optional(), userId: z.string().min(1) })
      .strict(),
    output: ConnectedUser,
  },
  /** Drops the user's tokens (they stay listed as disconnected, with "Connect again"). */
  'auth.disconnectUser': {
    input: z
      .object({ profileId: z.string().min(1).optional(), userId: z.string().min(1) })
      .strict(),
    output: ConnectedUser,
  },
  /** Removes the user from the list altogether. */
  'auth.forgetUser': {
    input: z
      .object({ profileId: z.string().min(1).optional(), userId: z.string().min(1) })
      .strict(),
    output: z.object({ profileId: z.string(), users: z.array(ConnectedUser) }),
  },
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
  'auth.otpVisits': { input: ProfileSelector, output: z.object({ visits: z.array(OtpVisit) }) },
  'inbound.status': { input: ProfileSelector, output: InboundStatus },
  'tunnel.status': { input: NoInput, output: TunnelStatus },
  /** Opens a localtunnel to the receiver (settings left out keep their saved value). */
  'tunnel.start': {
    input: z
      .object({
        host: httpUrl('host').optional(),
        subdomain: z.union([z.literal(''), TunnelSubdomain]).optional(),
      })
      .strict(),
    output: TunnelStatus,
  },
  /** Closes the tunnel, or stops watching the own public URL. */
  'tunnel.stop': { input: NoInput, output: TunnelStatus },
  /** No tunnel: the person's public URL (ngrok, cloudflared) maps to the receiver; it is health-checked. */
  'tunnel.useOwnUrl': {
    input: z.object({ publicUrl: httpUrl('publicUrl') }).strict(),
    output: TunnelStatus,
  },
  /** Points the sandbox app's endpoint, management and directory URLs at the public URL. */
  'tunnel.pushToSandbox': {
    input: NoInput,
    output: z.object({ profile: ProfileView, status: TunnelStatus }),
  },
  'inbound.settings': { input: ProfileSelector, output: InboundSettings },
  /** Response control for the profile's deliveries; fields left out keep their value. */
  'inbound.setResponse': {
    input: z
      .object({ profileId: z.string().min(1).optional(), response: ResponseControl.partial() })
      .strict(),
    output: InboundSettings,
  },
  'inbound.setForwards': {
    input: z
      .object({ profileId: z.string().min(1).optional(), forwards: ForwardSettings.partial() })
      .strict(),
    output: InboundSettings,
  },
  /** The public key RSA-SHA256 deliveries are verified with ('' or null forgets it). */
  'inbound.setPublicKey': {
    input: z
      .object({
        profileId: z.string().min(1).optional(),
        pem: z.string().max(20_000).nullable(),
      })
      .strict(),
    output: InboundSettings,
  },
  /** Saves the receiver's port for the next start (null: the default, 5875; 0: any free one). */
  'inbound.setPort': {
    input: z
      .object({
        profileId: z.string().min(1).optional(),
        port: z.number().int().min(0).max(65535).nullable(),
      })
      .strict(),
    output: InboundStatus,
  },
  /** Makes the embedded sandbox's RSA public key (/_sandbox/signing-key.pem) the profile's. */
  'inbound.useSandboxKey': { input: ProfileSelector, output: InboundSettings },
  /**
   * Sends a captured delivery again, to the receiver itself or to a URL: as captured, or with
   * `data` replaced (signed again with the profile's secret, or keeping the old signature).
   */
  'inbound.replay': {
    input: z
      .object({
        seq: z.number().int().positive(),
        target: z.union([z.literal('receiver'), httpUrl('target')]),
        data: z
          .string()
          .max(25 * 1024 * 1024)
          .optional(),
        resign: z.boolean().default(true),
      })
      .strict(),
    output: z.object({ record: JournalRecord }),
  },
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
  /** Runs the client_credentials grant now against the profile (the active one by default). */
  'auth.getAppToken': { input: ProfileSelector, output: AppTokenView },
  'auth.status': { input: ProfileSelector, output: AuthStatus },
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
   * index among the matches (docs/journal.md, "Querying the journal").
   */
  'log.query': { input: LogQueryInput, output: LogQueryOutput },
  /** One record of the active session in full; null when there is no such seq. */
  'log.get': {
    input: z.object({ seq: z.number().int().positive() }).strict(),
    output: z.object({ record: JournalRecord.nullable() }),
  },
  /** The contact book of the profile: what the tool added or imported, and the supercontact. */
  'contacts.list': { input: ProfileSelector, output: ContactBook },
  /**
   * Adds or edits a contact: one /tp/contact/add per owner, each with that user's token. An edit
   * changes the contact for every owner on the platform. Refused with `invalid_input` (issues by
   * field) when the draft breaks the rules, and for the supercontact.
   */
  'contacts.save': {
    input: z
      .object({ profileId: z.string().min(1).optional(), contact: ContactDraft.strict() })
      .strict(),
    output: ContactOpResult,
  },
  /** One /tp/contact/remove per listed owner (the acting user's ownership). */
  'contacts.remove': {
    input: z
      .object({
        profileId: z.string().min(1).optional(),
        contactId: z.string().min(1).max(200),
        userIds: z.array(z.string().min(1)).min(1).max(500),
      })
      .strict(),
    output: ContactOpResult,
  },
  /** Sends again the calls that failed for the contact's owners (all of them by default). */
  'contacts.retry': {
    input: z
      .object({
        profileId: z.string().min(1).optional(),
        contactId: z.string().min(1).max(200),
        userIds: z.array(z.string().min(1)).max(500).optional(),
      })
      .strict(),
    output: ContactOpResult,
  },
  /** Drops a contact from the book only; nothing is sent to the platform. */
  'contacts.forget': {
    input: z
      .object({ profileId: z.string().min(1).optional(), contactId: z.string().min(1).max(200) })
      .strict(),
    output: ContactBook,
  },
  /** Reads a CSV or JSON text of contacts, row by row, without changing anything. */
  'contacts.importPreview': {
    input: z
      .object({
        profileId: z.string().min(1).optional(),
        format: ImportFormat.default('auto'),
        text: z.string().max(10_000_000),
      })
      .strict(),
    output: ImportPreview,
  },
  /**
   * Imports the valid rows. With `send`, each row's owners get a /tp/contact/add (progress:
   * contacts.importProgress with the importId); without, the rows are only recorded in the book.
   */
  'contacts.import': {
    input: z
      .object({
        profileId: z.string().min(1).optional(),
        format: ImportFormat.default('auto'),
        text: z.string().max(10_000_000),
        send: z.boolean().default(true),
        importId: z.string().min(1).max(100).optional(),
      })
      .strict(),
    output: z.object({
      preview: ImportPreview,
      imported: z.number().int().nonnegative(),
      /** Rows whose calls failed for at least one owner (kept in the book for retry). */
      failed: z.array(
        z.object({ row: z.number().int().positive(), contactId: z.string(), message: z.string() }),
      ),
    }),
  },
  /** The book as a file's content, CSV or JSON (no tokens: contacts carry none). */
  'contacts.export': {
    input: z
      .object({ profileId: z.string().min(1).optional(), format: z.enum(['csv', 'json']) })
      .strict(),
    output: z.object({ filename: z.string(), mimeType: z.string(), content: z.string() }),
  },
  /** The embedded sandbox as its simulator shows it, for the active (sandbox) profile. */
  'simulator.state': { input: NoInput, output: SimulatorState },
  'simulator.createUser': {
    input: z
      .object({
        name: z.string().min(1).max(128),
        surname: z.string().max(128).default(''),
        msisdn: z.string().max(20).optional(),
        lang: z.string().max(16).optional(),
      })
      .strict(),
    output: z.object({ ...simOutcome, user: SimUser }),
  },
  'simulator.createRoom': {
    input: z
      .object({
        subject: z.string().min(1).max(256),
        createdBy: simId,
        occupants: z.array(simId).max(100).default([]),
      })
      .strict(),
    output: z.object({ ...simOutcome, room: SimRoom }),
  },
  /** A user invites or removes a contact, joins or leaves, or changes the subject or avatar. */
  'simulator.roomAction': {
    input: SimRoomAction,
    output: z.object({ ...simOutcome, room: SimRoom }),
  },
  /** A user sends any msg_type to a contact or into a room; delivered to the app's endpoint. */
  'simulator.sendMessage': {
    input: z
      .object({
        userId: simId,
        to: z.union([z.object({ contactId: simId }).strict(), z.object({ room: simId }).strict()]),
        msgType: z.string().min(1).max(32),
        /** The type's text parameters (text, sticker_id, geo_lat, geo_lon, geo_description). */
        params: z.record(z.string(), z.string().max(10_000)).default({}),
        vcard: ComposerVcard.optional(),
        file: ComposerFile.optional(),
      })
      .strict(),
    output: z.object({ ...simOutcome, messageId: z.string() }),
  },
  /** The platform client opens the app's management or directory URL with a new otp. */
  'simulator.otp': {
    input: z
      .object({
        userId: simId,
        target: z.enum(['management', 'directory']),
        fromapp: z.boolean().optional(),
      })
      .strict(),
    output: z.object({
      ...simOutcome,
      /** The URL opened, the otp redacted. */
      url: z.string(),
      status: z.number().int().nullable(),
    }),
  },
  'simulator.disconnectUser': {
    input: z.object({ userId: simId }).strict(),
    output: z.object({ ...simOutcome, revokedTokens: z.number() }),
  },
  /** Every access token of the app (app and users) expires now; refresh tokens stay valid. */
  'simulator.expireTokens': {
    input: NoInput,
    output: z.object({ ...simOutcome, expired: z.number() }),
  },
  /** Changes the app's registration on the sandbox; the sandbox profile follows. */
  'simulator.updateApp': {
    input: z.object({ changes: SimAppChanges }).strict(),
    output: z.object({ ...simOutcome, app: SimApp }),
  },
  /** The sandbox's own delivery attempts, newest first. */
  'simulator.deliveries': {
    input: z.object({ limit: z.number().int().positive().max(500).default(50) }).strict(),
    output: z.object({ deliveries: z.array(SimDelivery), total: z.number().int() }),
  },
  'simulator.redeliver': {
    input: z.object({ id: simId }).strict(),
    output: z.object({ ...simOutcome, delivery: SimDelivery }),
  },
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>;

export type Commands = typeof commands;
export type CommandName = keyof Commands;
export type CommandInput<K extends CommandName> = z.input<Commands[K]['input']>;
export type CommandOutput<K extends CommandName> = z.output<Commands[K]['output']>;

export function isCommandName(name: unknown): name is CommandName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(commands, name);
}

// ---------- events ----------

export const events = {
  'log.appended': JournalRecord,
  'auth.changed': AuthStatus,
  'profiles.changed': ProfilesState,
  'auth.usersChanged': z.object({ profileId: z.string(), users: z.array(ConnectedUser) }),
  'auth.flowChanged': ConnectFlow,
  'auth.otpVisit': OtpVisit,
  'tunnel.changed': TunnelStatus,
  /** A session was started or switched to: the log now shows that session's records. */
  'sessions.changed': SessionsState,
  /** Upload progress of a composer.send that gave a requestId. */
  /** The profile's contact book changed (a save, remove, retry, import or forget). */
  'contacts.changed': ContactBook,
  /** Progress of a contacts.import that gave an importId. */
  'contacts.importProgress': z.object({
    importId: z.string(),
    done: z.number().int().nonnegative(),
    total: z.number().int().nonnegative(),
    failed: z.number().int().nonnegative(),
  }),
  /** The simulator changed the sandbox (a user, a room, a message, the app, tokens). */
  'simulator.changed': z.object({ profileId: z.string(), action: z.string() }),
  'composer.progress': z.object({
    requestId: z.string(),
    sentBytes: z.number().int().nonnegative(),
    totalBytes: z.number().int().nonnegative(),
  }),
} as const satisfies Record<string, z.ZodType>;

export type Events = typeof events;
export type EventName = keyof Events;
export type EventPayload<E extends EventName> = z.output<Events[E]>;

// ---------- errors ----------

export const ErrorCode = z.enum([
  'unknown_command',
  'invalid_input',
  'not_found',
  'http_error',
  'network_error',
  'insecure_transport',
  'transport_closed',
  'conflict',
  'forbidden',
  'flow_in_progress',
  'port_in_use',
  'internal',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

export const CommandErrorShape = z.object({
  code: ErrorCode,
  /** What happened and what to do, for a person. */
  message: z.string(),
  /** For `invalid_input`: the offending fields. */
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type CommandErrorShape = z.infer<typeof CommandErrorShape>;

/** The error every transport rejects a command with. */
export class CommandError extends Error {
  readonly code: ErrorCode;
  readonly issues: CommandErrorShape['issues'];
  constructor(shape: CommandErrorShape) {
    super(shape.message);
    this.name = 'CommandError';
    this.code = shape.code;
    this.issues = shape.issues;
  }
  toShape(): CommandErrorShape {
    return {
      code: this.code,
      message: this.message,
      ...(this.issues ? { issues: this.issues } : {}),
    };
  }
}

// ---------- the bridge the renderer codes against ----------

export interface Bridge {
  invoke<K extends CommandName>(name: K, input: CommandInput<K>): Promise<CommandOutput<K>>;
  /** Subscribes to an event; returns the unsubscribe function. */
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
}

// ---------- WebSocket wire format (headless host) ----------

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

/** IPC channel names: one `invoke` channel per command, one channel for all events. */
export const ipcChannel = {
  command: (name: CommandName) => `tp:cmd:${name}`,
  event: 'tp:event',
} as const;
