// The load run (load.run; docs/load.md): signed deliveries at a steady rate to the developer's own
// handler, as the endpoint check signs them, and what came back.
import { z } from 'zod';
import { SIGNATURE_METHODS } from '../spec/shapes';
import { httpUrl, type DomainCommands, type DomainEvents } from './common';

/** Why a delivery was not answered 2xx: its status class, no answer in time, or no connection. */
export const LoadErrorClass = z.enum([
  'status 3xx',
  'status 4xx',
  'status 5xx',
  'timeout',
  'connection',
]);
export type LoadErrorClass = z.infer<typeof LoadErrorClass>;

const LoadMixEntry = z
  .object({ kind: z.string().min(1).max(40), weight: z.number().int().min(1).max(1000) })
  .strict();

export const LoadSummary = z.object({
  url: z.string(),
  profileName: z.string(),
  signatureMethod: z.string(),
  startedAt: z.string(),
  /** From the first send to the last answer. */
  durationMs: z.number().nonnegative(),
  rateAsked: z.number().positive(),
  /** Deliveries the schedule held: rate × duration. */
  planned: z.number().int().nonnegative(),
  sent: z.number().int().nonnegative(),
  /** The rate the sends started at: `sent` over the time from the first due to one gap past the last. */
  sentPerSecond: z.number().nonnegative(),
  /** Sends that started more than `lateAfterMs` after they were due (the sender could not keep up). */
  late: z.number().int().nonnegative(),
  lateAfterMs: z.number().nonnegative(),
  /** Answered 2xx. */
  ok: z.number().int().nonnegative(),
  /** 2xx answers a second over `durationMs`. */
  throughputPerSecond: z.number().nonnegative(),
  /** Answer times (from when each delivery was due) of every delivery that got an answer. */
  latency: z.object({
    count: z.number().int().nonnegative(),
    p50Ms: z.number().nonnegative(),
    p95Ms: z.number().nonnegative(),
    p99Ms: z.number().nonnegative(),
    maxMs: z.number().nonnegative(),
  }),
  /** The classes that happened, most first, with the first error's words. */
  errors: z.array(
    z.object({ class: LoadErrorClass, count: z.number().int().positive(), example: z.string() }),
  ),
  /** Errors over sent, in percent. */
  errorPct: z.number().nonnegative(),
  maxErrorsPct: z.number().nonnegative(),
  /** Answer times by range: up to 1 ms, 2 ms, 5 ms ... (upToMs null: past the last). */
  histogram: z.array(z.object({ upToMs: z.number().nullable(), count: z.number().int() })),
  mix: z.array(LoadMixEntry.extend({ sent: z.number().int().nonnegative() })),
  /**
   * An https handler whose certificate does not hold (self-signed, another host's): said here, and
   * the run sent its deliveries without verifying it, as the endpoint check does. Null otherwise.
   */
  certificateWarning: z.string().nullable(),
  /** Stopped before its end (load.stop, Ctrl+C): `sent` is below `planned`. */
  stopped: z.boolean(),
  /** errorPct within maxErrorsPct. */
  passed: z.boolean(),
});
export type LoadSummary = z.infer<typeof LoadSummary>;

/** Where a load run is, once a second. `p99Ms`: over the answers of the last second. */
export const LoadProgress = z.object({
  url: z.string(),
  elapsedMs: z.number().nonnegative(),
  planned: z.number().int().nonnegative(),
  sent: z.number().int().nonnegative(),
  /** Got an HTTP answer (any status). */
  answered: z.number().int().nonnegative(),
  errors: z.number().int().nonnegative(),
  late: z.number().int().nonnegative(),
  p99Ms: z.number().nonnegative(),
});
export type LoadProgress = z.infer<typeof LoadProgress>;

export const loadCommands = {
  /**
   * Sends signed deliveries (as the profile's app's are signed) to `url` at `rate` a second for
   * `durationMs`, whatever the handler answers, and answers the summary: throughput, answer times,
   * errors by class. Journals one summary record, not each delivery.
   */
  'load.run': {
    input: z
      .object({
        url: httpUrl('url'),
        profileId: z.string().min(1).optional(),
        signatureMethod: z.enum(SIGNATURE_METHODS).optional(),
        /** Deliveries a second. */
        rate: z.number().positive().max(10_000),
        durationMs: z.number().int().min(100).max(3_600_000),
        /** Kinds of delivery and their relative weights (default: texts only). */
        mix: z.array(LoadMixEntry).min(1).max(30).optional(),
        /** The error rate, in percent, over which the run has not passed. */
        maxErrorsPct: z.number().min(0).max(100).default(1),
        /** The person confirmed a URL off this machine (tp load --yes). */
        confirmRemote: z.boolean().default(false),
      })
      .strict(),
    output: LoadSummary,
  },
  /**
   * Stops the load run of `url` sending: it waits for the answers of what it sent and answers its
   * summary (`stopped`). `stopping` is false when no run of that URL is going.
   */
  'load.stop': {
    input: z.object({ url: z.string().min(1) }).strict(),
    output: z.object({ stopping: z.boolean() }),
  },
} as const satisfies DomainCommands<'load'>;

// index.ts joins it into `events`; its `export *` carries it along, unused.
// ts-unused-exports:disable-next-line
export const loadEvents = {
  /** A load run's figures, once a second while it runs. */
  'load.progress': LoadProgress,
} as const satisfies DomainEvents<'load'>;
