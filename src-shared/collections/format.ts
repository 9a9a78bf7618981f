// The collection file format (docs/collections.md): a collection is a folder of YAML files, one
// scenario per file, each a list of steps. A request saved from the composer is a scenario of one
// `request` step. Values are templates: `{{name}}` is replaced by a variable when the step runs.
// The engine parses files with these schemas after reading the YAML (it keeps each node's line, so
// a problem names file and line); the renderer reads the same shapes for its views.
import { z } from 'zod';
import { httpUrl } from '../contract/common';
import { ClockAdvance } from '../rules/clock-advance';

/** The collection's own file at the folder's root: its name, variables, and the order of items. */
export const COLLECTION_FILE = 'collection.yaml';
/** A sub-folder's file: the order of its items. */
export const FOLDER_FILE = 'folder.yaml';
export const SCENARIO_EXTENSIONS = ['.yaml', '.yml'] as const;
/** Where a collection keeps its snapshots (one YAML file a scenario): never read as scenarios. */
export const SNAPSHOTS_DIR = '__snapshots__';

/** A value as written: text with `{{variables}}`; YAML numbers and booleans are read as text. */
const Template = z.union([z.string(), z.number(), z.boolean()]).transform((v) => String(v));
const VariableName = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_.-]*$/, 'a variable name is letters, digits, _ . and -');
export const Variables = z.record(VariableName, Template);
export type Variables = z.output<typeof Variables>;

/** `500ms`, `2s`, `1m`, or a number of milliseconds. */
export const Duration = z.union(
  [
    z.number().nonnegative(),
    z
      .string()
      .regex(/^\d+(\.\d+)?\s*(ms|s|m)$/, 'a duration is like 500ms, 2s or 1m')
      .transform((v) => {
        const [, n, unit] = /^(\d+(?:\.\d+)?)\s*(ms|s|m)$/.exec(v) ?? [];
        return Number(n) * (unit === 's' ? 1000 : unit === 'm' ? 60_000 : 1);
      }),
  ],
  { error: 'a duration is like 500ms, 2s or 1m, or a number of milliseconds' },
);

/** One check of a value; several operators on one value must all hold. */
export const ValueCheck = z
  .object({
    equals: z.unknown().optional(),
    /** A regular expression (JavaScript syntax) the value, as text, must match. */
    matches: z.string().optional(),
    exists: z.boolean().optional(),
    type: z.enum(['string', 'number', 'boolean', 'object', 'array', 'null']).optional(),
    /** The length of a string or an array. */
    length: z.number().int().nonnegative().optional(),
    below: z.number().optional(),
    above: z.number().optional(),
  })
  .strict()
  .refine((c) => Object.values(c).some((v) => v !== undefined), {
    message: 'a check needs one of equals, matches, exists, type, length, below, above',
  });
export type ValueCheck = z.output<typeof ValueCheck>;
/** `status: 200` is `status: { equals: 200 }`. */
const CheckOrValue = z.union([
  ValueCheck,
  z.union([z.string(), z.number(), z.boolean()]).transform((v): ValueCheck => ({ equals: v })),
]);

/**
 * A JSON path into a body: `message_id`, `user.name`, `not_authorized[0]`, `$` (the whole body).
 * Keys are joined by dots; an index by brackets.
 */
const BodyPath = z.string().min(1).max(500);

/**
 * `snapshot: greeting` compares a response's body (or a delivery's data) with the value stored
 * under that name in the collection's `__snapshots__/`, volatile fields masked; the first run, or
 * a run asked to update snapshots, stores it. `{ name, mask: [...] }` masks more fields: a field
 * name (wherever it is) or a body path.
 */
const SnapshotName = z
  .string()
  .regex(
    /^[A-Za-z0-9_][A-Za-z0-9_ .-]{0,99}$/,
    'a snapshot name is letters, digits, _ . - and spaces',
  );
export const SnapshotCheck = z.union([
  SnapshotName.transform((name) => ({ name, mask: [] as string[] })),
  z
    .object({
      name: SnapshotName,
      mask: z.array(BodyPath).max(100).default([]),
    })
    .strict(),
]);
export type SnapshotCheck = z.output<typeof SnapshotCheck>;

/** What a response must show. */
export const ResponseExpect = z
  .object({
    status: CheckOrValue.optional(),
    /** The whole exchange's time, in ms. */
    time: ValueCheck.optional(),
    /** By header name (case does not matter). */
    headers: z.record(z.string(), CheckOrValue).optional(),
    body: z.record(BodyPath, CheckOrValue).optional(),
    /** The response follows the documented shape of its endpoint (API document §4). */
    shape: z.enum(['valid', 'any']).optional(),
    /** The body compared with its stored snapshot. */
    snapshot: SnapshotCheck.optional(),
  })
  .strict();
export type ResponseExpect = z.output<typeof ResponseExpect>;

/**
 * Values a step keeps for later steps: `{ message_id: "body.message_id" }`. Sources: `status`,
 * `header.<name>`, `body.<path>` (a request's response), `data.<path>` (a delivery's data JSON),
 * `seq` (the journal record), `user_id` (the user a connect-user step connected).
 */
const Captures = z.record(VariableName, z.string().min(1).max(500));

/** How a request acts (API document §5.3): the app, the app for a user, or a user's own token. */
const StepActAs = z.enum(['app', 'app-for-user', 'user']);

export const RequestStep = z
  .object({
    /** An endpoint id of the catalog: `message.send`, `contact.add`, `token`... */
    endpoint: z.string().min(1),
    /** One of the endpoint's paths; by default the documented one. */
    path: z.string().optional(),
    /** Default: `app` for app-only endpoints; `app-for-user` when `user` is given. */
    as: StepActAs.optional(),
    user: Template.optional(),
    params: z.record(z.string(), Template).default({}),
    /** Parameters sent even when empty (`avatar_url: ""` clears it). */
    keep_empty: z.array(z.string()).optional(),
    /** Extra request headers. */
    headers: z.record(z.string(), Template).optional(),
    /** A file for a media send: a built-in sample (`jpeg`, `png`, `mp4`...) or a path beside the file. */
    file: z
      .union([
        z.object({ sample: z.string().min(1), name: Template.optional() }).strict(),
        z.object({ path: Template, type: z.string().optional() }).strict(),
      ])
      .optional(),
    /** For msg_type contact: the vCard's fields (the engine builds the XML of API document §2.5). */
    vcard: z
      .object({
        name: Template,
        surname: Template.optional(),
        phones: z
          .array(z.object({ number: Template, type: Template.optional() }).strict())
          .optional(),
      })
      .strict()
      .optional(),
  })
  .strict();
export type RequestStep = z.output<typeof RequestStep>;

const DeliveryMatch = z
  .object({
    /** message, group-invite or group-event (the delivery's classification). */
    kind: z.enum(['message', 'group-invite', 'group-event']).optional(),
    msg_type: Template.optional(),
    /** A group event's `type`: join, leave, update, remove... */
    event: Template.optional(),
    user: Template.optional(),
    contact: Template.optional(),
    room: Template.optional(),
    /** Text the data JSON contains. */
    text: Template.optional(),
  })
  .strict();

export const ExpectDeliveryStep = z
  .object({
    match: DeliveryMatch.default({}),
    /** How long to wait for it (default 10s). */
    timeout: Duration.optional(),
    /** The signature outcome it must have (default valid). */
    signature: z.enum(['valid', 'invalid', 'missing', 'unsupported', 'any']).optional(),
    /** The signature_method it must carry (an app that supports one method checks it). */
    signature_method: Template.optional(),
    /** Whether it must follow the documented shape (default valid). */
    shape: z.enum(['valid', 'any']).optional(),
    /** The receiver's answer status (default: any). */
    answer: CheckOrValue.optional(),
    /** Checks on the delivery's data JSON, by path. */
    data: z.record(BodyPath, CheckOrValue).optional(),
    /** The data JSON compared with its stored snapshot. */
    snapshot: SnapshotCheck.optional(),
  })
  .strict();
export type ExpectDeliveryStep = z.output<typeof ExpectDeliveryStep>;

export const ExpectForwardStep = z
  .object({
    /** The start of the target URL (default: any target). */
    target: Template.optional(),
    timeout: Duration.optional(),
    status: CheckOrValue.optional(),
    body: z.record(BodyPath, CheckOrValue).optional(),
  })
  .strict();
export type ExpectForwardStep = z.output<typeof ExpectForwardStep>;

export const SimulateAction = z.enum([
  'create-user',
  'send-message',
  'invite',
  'join',
  'leave',
  'remove',
  'update-room',
  'create-room',
  'otp',
  'expire-tokens',
  'disconnect',
  'update-app',
]);
export type SimulateAction = z.output<typeof SimulateAction>;
/** What a platform user does on the embedded sandbox (sandbox profile only). */
export const SimulateStep = z
  .object({
    action: SimulateAction,
    /** The acting user. */
    user: Template.optional(),
    contact: Template.optional(),
    room: Template.optional(),
    msg_type: Template.optional(),
    params: z.record(z.string(), Template).optional(),
    /** create-user: name and surname; create-room / update-room: subject. */
    name: Template.optional(),
    surname: Template.optional(),
    subject: Template.optional(),
    /** otp: which URL the client opens. */
    target: z.enum(['management', 'directory']).optional(),
    /** create-room: the contacts in it. */
    occupants: z.array(Template).optional(),
    /** update-app: the app's registration on the sandbox to change. */
    app: z
      .object({
        signature_method: z.enum(['HMAC-SHA256', 'HMAC-SHA1', 'RSA-SHA256']).optional(),
        rate_limit: z
          .object({ count: z.number().int().positive(), window_s: z.number().int().positive() })
          .strict()
          .optional(),
        token_lifetime: z.number().int().positive().optional(),
        scopes: z.array(z.string()).optional(),
        rotate_refresh_tokens: z.boolean().optional(),
        /** Without rotation, false: a refresh answers no refresh_token (docs/sandbox.md). */
        repeat_refresh_token: z.boolean().optional(),
      })
      .strict()
      .optional(),
  })
  .strict();
export type SimulateStep = z.output<typeof SimulateStep>;

export const ConnectUserStep = z
  .object({
    /** On the sandbox, the new user's name. */
    name: Template.optional(),
    surname: Template.optional(),
    timeout: Duration.optional(),
  })
  .strict();
export type ConnectUserStep = z.output<typeof ConnectUserStep>;

/**
 * The endpoint check (docs/endpoint-check.md) of the developer's own handler at `url`, inside the
 * run: its deliveries are signed as the run's profile's app signs them and recorded in the run's
 * session. `only` / `skip` take check ids or a family by its prefix with the dot (`refuses.`).
 */
export const CheckEndpointStep = z
  .object({
    url: Template,
    only: z.array(z.string().min(1)).min(1).max(200).optional(),
    skip: z.array(z.string().min(1)).min(1).max(200).optional(),
    /** How many deliveries the burst check sends at once (default 50). */
    burst: z.number().int().min(1).max(1000).optional(),
    /** The app's method, when it is not the profile's default (the sandbox app's, else HMAC-SHA256). */
    signature_method: z.enum(['HMAC-SHA256', 'HMAC-SHA1', 'RSA-SHA256']).optional(),
  })
  .strict();
export type CheckEndpointStep = z.output<typeof CheckEndpointStep>;

const stepCommon = {
  name: z.string().max(200).optional(),
  /** Runs even after an earlier step failed (clean-up). */
  always: z.boolean().optional(),
  capture: Captures.optional(),
};

export const Step = z.union([
  z.object({ ...stepCommon, request: RequestStep, expect: ResponseExpect.optional() }).strict(),
  z.object({ ...stepCommon, 'expect-delivery': ExpectDeliveryStep }).strict(),
  z.object({ ...stepCommon, 'expect-forward': ExpectForwardStep }).strict(),
  z.object({ ...stepCommon, simulate: SimulateStep }).strict(),
  z.object({ ...stepCommon, 'connect-user': ConnectUserStep }).strict(),
  z.object({ ...stepCommon, wait: Duration }).strict(),
  /** Moves the embedded sandbox's clock forward (seconds once read): `1h`, `10m`, `1d`, `90s`. */
  z.object({ ...stepCommon, 'advance-clock': ClockAdvance }).strict(),
  z.object({ ...stepCommon, 'check-endpoint': CheckEndpointStep }).strict(),
]);
export type Step = z.output<typeof Step>;
export const STEP_KINDS = [
  'request',
  'expect-delivery',
  'expect-forward',
  'simulate',
  'connect-user',
  'wait',
  'advance-clock',
  'check-endpoint',
] as const;
export type StepKind = (typeof STEP_KINDS)[number];

export function stepKind(step: Step): StepKind {
  for (const kind of STEP_KINDS) if (kind in step) return kind;
  throw new Error('a step without a kind');
}

/**
 * What the receiver does while a run (collection.yaml) or a scenario runs: where it forwards
 * deliveries and how it answers them. It is in force for the run (or the scenario) only, over the
 * profile's own settings, which are never changed: they are in force again once it ends.
 */
const ForwardTarget = z
  .object({
    url: httpUrl('a forward target'),
    /** Also gets deliveries whose signature is not valid ("forward unverified too"). */
    unverified: z.boolean().optional(),
  })
  .strict();
type ForwardTarget = z.output<typeof ForwardTarget>;

/** The receiver's answer to deliveries; the bounds are the Inbound tab's (ResponseControl). */
const InboundResponse = z
  .object({
    status: z.number().int().min(200).max(599).optional(),
    body: z.string().max(100_000).optional(),
    content_type: z.string().min(1).max(200).optional(),
    delay: Duration.refine((ms) => ms <= 120_000, 'a delay is at most 2m').optional(),
    /** 0..1: the share of deliveries answered with failure_status instead (retries to watch). */
    failure_rate: z.number().min(0).max(1).optional(),
    failure_status: z.number().int().min(400).max(599).optional(),
    /** Answer 401 to a delivery whose signature is not valid, as a strict app would. */
    reject_unverified: z.boolean().optional(),
  })
  .strict();
type InboundResponse = z.output<typeof InboundResponse>;

export const InboundSetup = z
  .object({
    /** The run's forward targets, instead of the profile's (`[]`: forward nowhere). */
    forward: z.array(ForwardTarget).max(10, 'at most 10 forward targets').optional(),
    forward_timeout: Duration.refine(
      (ms) => ms >= 1 && ms <= 600_000,
      'a forward timeout is between 1ms and 10m',
    ).optional(),
    /** Fields left out keep the profile's value. */
    response: InboundResponse.optional(),
  })
  .strict();
export type InboundSetup = z.output<typeof InboundSetup>;

/**
 * A collection comes from anywhere: a cap on its steps bounds what one file asks of the engine
 * (reading, checking and showing it) and a run's length.
 */
export const MAX_SCENARIO_STEPS = 1000;
export const TOO_MANY_STEPS = `a scenario has at most ${MAX_SCENARIO_STEPS.toLocaleString('en')} steps: split it into several scenario files`;

export const Scenario = z
  .object({
    /** By default the file's name. */
    name: z.string().max(200).optional(),
    description: z.string().max(10_000).optional(),
    variables: Variables.optional(),
    /** The receiver's set-up while this scenario runs, over the collection's. */
    inbound: InboundSetup.optional(),
    steps: z
      .array(Step)
      .min(1, 'a scenario has at least one step')
      .max(MAX_SCENARIO_STEPS, TOO_MANY_STEPS),
  })
  .strict();
export type Scenario = z.output<typeof Scenario>;
export type ScenarioInput = z.input<typeof Scenario>;

export const CollectionFile = z
  .object({
    name: z.string().max(200).optional(),
    description: z.string().max(10_000).optional(),
    variables: Variables.optional(),
    /** The receiver's set-up while the run runs. */
    inbound: InboundSetup.optional(),
    /**
     * The data file a run uses when it is given none (a .csv or .json from the collection's
     * folder): each scenario runs once per row.
     */
    data: z.string().min(1).max(1000).optional(),
    /** The order of the items at the root (file and folder names); the rest follow by name. */
    order: z.array(z.string()).optional(),
  })
  .strict();
export type CollectionFile = z.output<typeof CollectionFile>;

export const FolderFile = z.object({ order: z.array(z.string()).optional() }).strict();
