// The endpoint check (endpointCheck.*; docs/endpoint-check.md): the developer's own webhook
// handler sent a battery of deliveries as the platform sends them (API document §6), and each
// answer judged against the delivery contract.
import { z } from 'zod';
import { SIGNATURE_METHODS } from '../spec/shapes';
import { httpUrl, NoInput, type DomainCommands, type DomainEvents } from './common';
import { ApiRecord } from './journal';

/** pass; warn (a pass that says what to watch); fail; not-configured (nothing sent, and why). */
export const EndpointCheckOutcome = z.enum(['pass', 'warn', 'fail', 'not-configured']);
export type EndpointCheckOutcome = z.infer<typeof EndpointCheckOutcome>;

export const EndpointCheckLatency = z.object({
  count: z.number().int().nonnegative(),
  p50Ms: z.number().nonnegative(),
  p99Ms: z.number().nonnegative(),
});
export type EndpointCheckLatency = z.infer<typeof EndpointCheckLatency>;

export const EndpointCheckResult = z.object({
  /** Stable: `accepts.text`, `refuses.no-signature`, `burst`, ... (docs/endpoint-check.md). */
  id: z.string(),
  name: z.string(),
  /** Where the rule comes from: "API document §6" or "docs/sandbox.md, Deliveries". */
  rule: z.string(),
  outcome: EndpointCheckOutcome,
  /** What happened, in words. */
  reason: z.string(),
  /** What to change in the handler ('' when nothing). */
  advice: z.string(),
  /** The journal records (`api`, in the check's session) of the deliveries sent for it. */
  seqs: z.array(z.number().int().positive()),
  /** Answer times of its deliveries. */
  timing: EndpointCheckLatency,
});
export type EndpointCheckResult = z.infer<typeof EndpointCheckResult>;

export const EndpointCheckReport = z.object({
  url: z.string(),
  profileName: z.string(),
  /** The app's signature method, the one the accepts checks sign with. */
  signatureMethod: z.string(),
  /** The journal session the deliveries are recorded in. */
  sessionId: z.string(),
  startedAt: z.string(),
  durationMs: z.number().nonnegative(),
  /** Answer times over every delivery sent. */
  timing: EndpointCheckLatency,
  checks: z.array(EndpointCheckResult),
  passed: z.boolean(),
});
export type EndpointCheckReport = z.infer<typeof EndpointCheckReport>;

const CheckIds = z.array(z.string().min(1)).max(200);

/** A check as the battery lists it, before it runs (the app's choice of checks). */
export const EndpointCheckEntry = z.object({ id: z.string(), name: z.string(), rule: z.string() });
export type EndpointCheckEntry = z.infer<typeof EndpointCheckEntry>;

/** How far a running check has gone: the check it runs now and the deliveries sent so far. */
export const EndpointCheckProgress = z.object({
  url: z.string(),
  checkId: z.string(),
  checkName: z.string(),
  /** The check's place in this run, from 1, of `total`. */
  index: z.number().int().positive(),
  total: z.number().int().positive(),
  sent: z.number().int().nonnegative(),
});
export type EndpointCheckProgress = z.infer<typeof EndpointCheckProgress>;

/**
 * The last report of a URL and the one before it (what a re-run is compared with). Kept by the
 * engine while it runs, so a reloaded window shows them again; not across a restart of the app.
 */
export const EndpointCheckHistory = z.object({
  url: z.string(),
  last: EndpointCheckReport,
  previous: EndpointCheckReport.nullable(),
});
export type EndpointCheckHistory = z.infer<typeof EndpointCheckHistory>;

export const endpointCheckCommands = {
  /**
   * Sends the battery of deliveries to `url` (and only there; redirects are not followed), signed
   * as the profile's app's deliveries are, and answers each check's outcome with its reason and
   * what to change. The deliveries are recorded in a journal session of their own.
   */
  'endpointCheck.run': {
    input: z
      .object({
        url: httpUrl('url'),
        /** The profile whose client secret signs (default: the active one). */
        profileId: z.string().min(1).optional(),
        /** The app's method; default: the sandbox app's for the sandbox profile, else HMAC-SHA256. */
        signatureMethod: z.enum(SIGNATURE_METHODS).optional(),
        /** Only these checks (ids, or a prefix ending in `.`: `refuses.`). */
        only: CheckIds.optional(),
        /** Not these checks (same forms). */
        skip: CheckIds.optional(),
        /** How many deliveries the burst sends at once. */
        burst: z.number().int().min(1).max(1000).default(50),
        /**
         * The person confirmed a URL that is not this machine (`tp check --yes`, or the app's
         * question): the battery sends forgeries and a burst, so it goes off loopback only so.
         */
        confirmRemote: z.boolean().default(false),
      })
      .strict(),
    output: EndpointCheckReport,
  },
  /**
   * Stops the check running against `url` at once, cutting a delivery in flight: the run ends
   * with an error saying so, and keeps no report. `stopping` is false when no check of that URL runs.
   */
  'endpointCheck.stop': {
    input: z.object({ url: z.string().min(1) }).strict(),
    output: z.object({ stopping: z.boolean() }),
  },
  /** The battery's checks, the checks running now, and each URL's last two reports. */
  'endpointCheck.state': {
    input: NoInput,
    output: z.object({
      checks: z.array(EndpointCheckEntry),
      running: z.array(EndpointCheckProgress),
      history: z.array(EndpointCheckHistory),
    }),
  },
  /**
   * The deliveries a check sent, as journaled in the check's session (which need not be the one
   * open): request parameters as sent, redacted, and the answer. Only `api` records are answered.
   */
  'endpointCheck.exchanges': {
    input: z
      .object({
        sessionId: z.string().min(1),
        seqs: z.array(z.number().int().positive()).min(1).max(100),
      })
      .strict(),
    output: z.object({ records: z.array(ApiRecord) }),
  },
} as const satisfies DomainCommands<'endpointCheck'>;

// index.ts joins it into `events`; its `export *` carries it along, unused.
// ts-unused-exports:disable-next-line
export const endpointCheckEvents = {
  /** A running check moved on (a new check, or more deliveries sent; at most ten a second). */
  'endpointCheck.progress': EndpointCheckProgress,
  /** A check ended: its URL's history when it gave a report, else why not (stopped, refused). */
  'endpointCheck.ended': z.object({
    url: z.string(),
    history: EndpointCheckHistory.nullable(),
    error: z.string().nullable(),
  }),
} as const satisfies DomainEvents<'endpointCheck'>;
