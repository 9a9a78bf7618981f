// The endpoint check (endpointCheck.*; docs/endpoint-check.md): the developer's own webhook
// handler sent a battery of deliveries as the platform sends them (API document §6), and each
// answer judged against the delivery contract.
import { z } from 'zod';
import { SIGNATURE_METHODS } from '../spec/shapes';
import { httpUrl, type DomainCommands } from './common';

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
} as const satisfies DomainCommands<'endpointCheck'>;
