// The runner (runner.*): runs a collection's scenarios, step by step, as a named journal session,
// against a profile. One run at a time; its state is pushed as `runner.changed`.
import { z } from 'zod';
import { NoInput, type DomainCommands, type DomainEvents } from './common';
import { FileProblem } from './collections';

export const StepState = z.enum(['waiting', 'running', 'passed', 'failed', 'skipped']);
export type StepState = z.infer<typeof StepState>;

/** One check of a step, in words: what was expected and what was there. */
export const CheckOutcome = z.object({
  /** `status`, `body message_id`, `header content-type`, `signature`... */
  label: z.string(),
  passed: z.boolean(),
  expected: z.string(),
  actual: z.string(),
  /**
   * What the check did instead of comparing, in words: a snapshot stored (the first run of its
   * name, or a run asked to update snapshots). The reports say "written", not "passed".
   */
  note: z.string().optional(),
});
export type CheckOutcome = z.infer<typeof CheckOutcome>;

/** A field of what a step saw (a response's JSON, a delivery's data JSON) and its value there. */
export const ObservedField = z.object({
  /** A body path (format.ts, BodyPath): `user.name`, `list[0].id`. */
  path: z.string(),
  value: z.union([z.string(), z.number(), z.boolean(), z.null()]),
});
export type ObservedField = z.infer<typeof ObservedField>;

export const StepView = z.object({
  index: z.number().int().nonnegative(),
  name: z.string(),
  kind: z.string(),
  state: StepState,
  /** Runs after a failure (clean-up). */
  always: z.boolean(),
  durationMs: z.number().nonnegative().nullable(),
  /** Why it failed or was skipped, in words (file, step and what to do when it is bad input). */
  failure: z.string().nullable(),
  checks: z.array(CheckOutcome),
  /** The journal records this step produced (api calls, deliveries, forwards). */
  records: z.array(z.number().int().positive()),
  /** Values this step captured; secrets show as `‹redacted›`. */
  captures: z.record(z.string(), z.string()),
  /**
   * The fields of a request step's answer (`body`) or an expect-delivery step's data JSON
   * (`data`) with the values this run saw, for the Runner's Check this; secrets left out.
   */
  observed: z
    .object({ source: z.enum(['body', 'data']), fields: z.array(ObservedField) })
    .optional(),
});
export type StepView = z.infer<typeof StepView>;

/** Which row of a data file a scenario's run is (a data-driven run: one run per row). */
export const RunIteration = z.object({
  /** 1-based, of `total` rows. */
  index: z.number().int().positive(),
  total: z.number().int().positive(),
  /** The row's values in words, shortened: `msg_type=sticker text=Hi`. */
  label: z.string(),
});
export type RunIteration = z.infer<typeof RunIteration>;

export const ScenarioRunView = z.object({
  /** The file, from the collection's folder. */
  path: z.string(),
  name: z.string(),
  /** In a run with a data file, the row this run of the scenario is; absent otherwise. */
  iteration: RunIteration.optional(),
  state: StepState,
  durationMs: z.number().nonnegative().nullable(),
  /** A file that does not parse: the scenario fails before its first step. */
  problems: z.array(FileProblem),
  steps: z.array(StepView),
});
export type ScenarioRunView = z.infer<typeof ScenarioRunView>;

export const RunStatus = z.enum([
  'running',
  'awaiting-confirmation',
  'passed',
  'failed',
  'stopped',
]);
export type RunStatus = z.infer<typeof RunStatus>;

export const RunView = z.object({
  runId: z.string(),
  /** The journal session the run writes to. */
  sessionId: z.string(),
  name: z.string(),
  folder: z.string(),
  profileId: z.string(),
  /** Whether the profile is the embedded sandbox (no confirmation asked). */
  sandbox: z.boolean(),
  status: RunStatus,
  startedAt: z.string(),
  durationMs: z.number().nonnegative().nullable(),
  /** When status is awaiting-confirmation (or a step waits for the person): what is asked. */
  question: z.string().nullable(),
  scenarios: z.array(ScenarioRunView),
  /** A data-driven run's data file: its rows, and its columns no scenario of the run uses. */
  data: z
    .object({
      /** From the collection's folder. */
      file: z.string(),
      rows: z.number().int().positive(),
      columns: z.array(z.string()),
      /** Most often a column whose name has a typo: the scenarios never see its values. */
      unused: z.array(z.string()),
    })
    .optional(),
  counts: z.object({
    passed: z.number().int(),
    failed: z.number().int(),
    skipped: z.number().int(),
    total: z.number().int(),
  }),
});
export type RunView = z.infer<typeof RunView>;

export const RunRequest = z
  .object({
    folder: z.string().min(1).max(4096),
    /** Scenario files or folders to run, from the collection's folder (default: all, in order). */
    paths: z.array(z.string().min(1)).max(10_000).optional(),
    /** Run one step of one scenario (the steps before it are not run). */
    only: z.object({ path: z.string().min(1), index: z.number().int().nonnegative() }).optional(),
    profileId: z.string().min(1).optional(),
    /** Values given for this run; they win over the profile's and the collection's. */
    variables: z.record(z.string(), z.string()).default({}),
    /** Stop at the first failed step (steps marked `always` still run). */
    bail: z.boolean().default(false),
    /**
     * A data file (.csv or .json) from the collection's folder: each scenario runs once per row,
     * the row's columns as run values. Default: collection.yaml's `data`, if it names one.
     */
    data: z.string().min(1).max(4096).optional(),
    /** The journal session's name (default: the collection's name and the time). */
    sessionName: z.string().trim().min(1).max(120).optional(),
    /** Already confirmed that a run against a profile that is not the sandbox may change it. */
    confirmed: z.boolean().default(false),
    /** Store every snapshot check's value instead of comparing it (`tp run --update-snapshots`). */
    updateSnapshots: z.boolean().default(false),
  })
  .strict();
export type RunRequest = z.input<typeof RunRequest>;

export const runnerCommands = {
  /** Starts a run; it goes on in the background (`runner.changed`). One run at a time. */
  'runner.start': { input: RunRequest, output: RunView },
  'runner.stop': { input: z.object({ runId: z.string().min(1) }).strict(), output: RunView },
  /** The answer to the run's question (go on with a step that changes platform state, or stop). */
  'runner.confirm': {
    input: z.object({ runId: z.string().min(1), proceed: z.boolean() }).strict(),
    output: RunView,
  },
  /** The current or last run. */
  'runner.state': { input: NoInput, output: z.object({ run: RunView.nullable() }) },
  /**
   * The data files of a collection (its .csv and .json files, from its folder) for Run with
   * data…, and the one its collection.yaml names as the default (`data`), or null.
   */
  'runner.dataFiles': {
    input: z.object({ folder: z.string().min(1).max(4096) }).strict(),
    output: z.object({ files: z.array(z.string()), default: z.string().nullable() }),
  },
} as const satisfies DomainCommands<'runner'>;

// index.ts joins it into `events`; its `export *` carries it along, unused.
// ts-unused-exports:disable-next-line
export const runnerEvents = {
  'runner.changed': RunView,
} as const satisfies DomainEvents<'runner'>;
