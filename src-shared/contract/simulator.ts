// The sandbox simulator (simulator.*; docs/sandbox.md, "The simulator panel"): plays the embedded
// sandbox's users, rooms, messages, otps and tokens, and changes the app's registration there.
import { z } from 'zod';
import { ClockAdvance } from '../rules/clock-advance';
import { NoInput, type DomainCommands, type DomainEvents } from './common';
import { ComposerFile, ComposerVcard } from './composer';

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
  /** Connected to the profile's app (a grant, not revoked since). */
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
const SimOccupant = z.object({
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
const SimSignatureMethod = z.enum(['HMAC-SHA256', 'HMAC-SHA1', 'RSA-SHA256']);
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
  /** Each refresh answers a new refresh token and the old one stops working. */
  rotateRefreshTokens: z.boolean(),
  /** Without rotation, whether a refresh's answer names the unchanged refresh token again. */
  repeatRefreshToken: z.boolean(),
});
export type SimApp = z.infer<typeof SimApp>;
const SimAttempt = z.object({
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
/** The sandbox's own clock (docs/sandbox.md, The clock). */
export const SimClock = z.object({
  /** The sandbox's time when the state was read, ISO 8601. */
  now: z.string(),
  /** How far ahead of real time, in seconds: the panel shows real time plus this. */
  offsetS: z.number(),
});
export type SimClock = z.infer<typeof SimClock>;
export const SimulatorState = z.object({
  profileId: z.string(),
  baseUrl: z.string(),
  platformDomain: z.string(),
  clock: SimClock,
  app: SimApp,
  users: z.array(SimUser),
  contacts: z.array(SimContact),
  rooms: z.array(SimRoom),
});
export type SimulatorState = z.infer<typeof SimulatorState>;
/** Every simulator action answers its outcome in words and the journal record that keeps it. */
const simOutcome = { outcome: z.string(), seq: z.number().int().positive() };
const simId = z.string().min(1).max(200);
/**
 * The sandbox profile an action is for (default: the active profile): a run against the sandbox
 * acts on it whichever profile the window shows. Any profile but the sandbox is refused.
 */
const simProfile = { profileId: z.string().min(1).max(200).optional() };

export const SimRoomAction = z.discriminatedUnion('action', [
  z.object({
    action: z.enum(['invite', 'remove']),
    room: simId,
    contactId: simId,
    by: simId,
    ...simProfile,
  }),
  z.object({ action: z.enum(['join', 'leave']), room: simId, userId: simId, ...simProfile }),
  z.object({
    action: z.literal('update'),
    room: simId,
    by: simId,
    subject: z.string().min(1).max(256).optional(),
    avatar: z.string().min(1).max(2048).optional(),
    ...simProfile,
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
    rotateRefreshTokens: z.boolean(),
    /** Without rotation, false: a refresh answers no refresh_token (docs/sandbox.md). */
    repeatRefreshToken: z.boolean(),
  })
  .partial()
  .strict();
export type SimAppChanges = z.infer<typeof SimAppChanges>;

export const simulatorCommands = {
  /** The embedded sandbox as its simulator shows it, for the active (sandbox) profile. */
  'simulator.state': { input: NoInput, output: SimulatorState },
  'simulator.createUser': {
    input: z
      .object({
        name: z.string().min(1).max(128),
        surname: z.string().max(128).default(''),
        msisdn: z.string().max(20).optional(),
        lang: z.string().max(16).optional(),
        ...simProfile,
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
        ...simProfile,
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
        ...simProfile,
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
        ...simProfile,
      })
      .strict(),
    output: z.object({
      ...simOutcome,
      /** The URL opened, the otp redacted. */
      url: z.string(),
      status: z.number().int().nullable(),
    }),
  },
  'simulator.revokeOnPlatform': {
    input: z.object({ userId: simId, ...simProfile }).strict(),
    output: z.object({ ...simOutcome, revokedTokens: z.number() }),
  },
  /** Every access token of the app (app and users) expires now; refresh tokens stay valid. */
  'simulator.expireTokens': {
    input: z.object(simProfile).strict(),
    output: z.object({ ...simOutcome, expired: z.number() }),
  },
  /**
   * Moves the sandbox's clock forward (`1h`, `10m`, `1d`, or seconds). The engine is not told of
   * what expires: it meets the sandbox's refusals as it would the platform's.
   */
  'simulator.advanceClock': {
    input: z.object({ by: ClockAdvance, ...simProfile }).strict(),
    output: z.object({ ...simOutcome, clock: SimClock }),
  },
  /** Changes the app's registration on the sandbox; the sandbox profile follows. */
  'simulator.updateApp': {
    input: z.object({ changes: SimAppChanges, ...simProfile }).strict(),
    output: z.object({ ...simOutcome, app: SimApp }),
  },
  /** The sandbox's own delivery attempts, newest first. */
  'simulator.deliveries': {
    input: z.object({ limit: z.number().int().positive().max(500).default(50) }).strict(),
    output: z.object({ deliveries: z.array(SimDelivery), total: z.number().int() }),
  },
  'simulator.redeliver': {
    input: z.object({ id: simId, ...simProfile }).strict(),
    output: z.object({ ...simOutcome, delivery: SimDelivery }),
  },
} as const satisfies DomainCommands<'simulator'>;

// index.ts joins it into `events`; its `export *` carries it along, unused.
// ts-unused-exports:disable-next-line
export const simulatorEvents = {
  /** The simulator changed the sandbox (a user, a room, a message, the app, tokens). */
  'simulator.changed': z.object({ profileId: z.string(), action: z.string() }),
} as const satisfies DomainEvents<'simulator'>;
