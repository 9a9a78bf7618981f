// The receiver (inbound.*): where deliveries and the management/directory URLs arrive, how it
// answers a profile's deliveries, where it forwards them, and replays. A captured delivery itself
// is a journal record (`delivery`, journal.ts).
import { z } from 'zod';
import { ProfileSelector, httpUrl, type DomainCommands, type DomainEvents } from './common';
import { JournalRecord } from './journal';

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
/**
 * The fields of a response control to change. Built from the unwrapped fields: `.partial()` of
 * ResponseControl would fill every absent field with its default, so changing the status alone
 * would reset the body, the delay and the rest.
 */
const ResponseControlChanges = z
  .object(
    Object.fromEntries(
      Object.entries(ResponseControl.shape).map(([key, field]) => [key, field.unwrap()]),
    ) as {
      [K in keyof typeof ResponseControl.shape]: ReturnType<
        (typeof ResponseControl.shape)[K]['unwrap']
      >;
    },
  )
  .partial();

export const ForwardSettings = z.object({
  targets: z.array(httpUrl('a forward target')).max(10).default([]),
  timeoutMs: z.number().int().min(1).max(600_000).default(30_000),
  /**
   * The targets that also get deliveries whose signature is not valid ("forward unverified too"),
   * with the outcome in an X-TP-Signature-Outcome header. The others get valid ones only. Absent
   * in settings saved before it existed: none.
   */
  forwardUnverified: z.array(httpUrl('a forward target')).max(10).default([]),
});
export type ForwardSettings = z.infer<typeof ForwardSettings>;
/**
 * Changes to the forward settings: fields left out keep their value. Not
 * `ForwardSettings.partial()`: zod 4 fills a left-out field that has a default with the default,
 * so saving the timeout alone would clear the targets.
 */
const ForwardSettingsChanges = z
  .object({
    targets: ForwardSettings.shape.targets.unwrap(),
    timeoutMs: ForwardSettings.shape.timeoutMs.unwrap(),
    forwardUnverified: ForwardSettings.shape.forwardUnverified.unwrap(),
  })
  .partial();

export const InboundSettings = z.object({
  profileId: z.string(),
  response: ResponseControl,
  forwards: ForwardSettings,
  /** PEM public key for RSA-SHA256 signatures (the sandbox profile's is fetched at start). */
  rsaPublicKeyPem: z.string().nullable(),
  /**
   * Set while a run lays its own set-up over these settings (collection.yaml's or a scenario's
   * `inbound`): what the receiver does meanwhile, in words. The settings above stay the person's.
   */
  runSetup: z.string().optional(),
});
export type InboundSettings = z.infer<typeof InboundSettings>;

export const inboundCommands = {
  'inbound.status': { input: ProfileSelector, output: InboundStatus },
  /** The profile's own settings, as saved: a run's `inbound` set-up is never in them. */
  'inbound.settings': { input: ProfileSelector, output: InboundSettings },
  /** Response control for the profile's deliveries; fields left out keep their value. */
  'inbound.setResponse': {
    input: z
      .object({ profileId: z.string().min(1).optional(), response: ResponseControlChanges })
      .strict(),
    output: InboundSettings,
  },
  'inbound.setForwards': {
    input: z
      .object({ profileId: z.string().min(1).optional(), forwards: ForwardSettingsChanges })
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
} as const satisfies DomainCommands<'inbound'>;

// index.ts joins it into `events`; its `export *` carries it along, unused.
// ts-unused-exports:disable-next-line
export const inboundEvents = {
  /** A run laid its inbound set-up over a profile's settings (its words), or took it off (null). */
  'inbound.runSetupChanged': z.object({ profileId: z.string(), runSetup: z.string().nullable() }),
} as const satisfies DomainEvents<'inbound'>;
