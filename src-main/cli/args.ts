// `tp` command-line arguments, checked before anything starts: every refusal is a UsageError
// (exit 2) whose message says what was wrong and what to write instead.
import { errorText } from '../../src-shared/contract/errors';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { Duration } from '../../src-shared/collections/format';
import { commandUsage, SHORT_GENERAL_USAGE, type TopicName } from './help';

/** Bad input: the command line, a file that does not parse, a profile that does not exist. */
export class UsageError extends Error {
  readonly exitCode = 2;
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export const REPORTERS = ['pretty', 'json', 'junit'] as const;
export type ReporterName = (typeof REPORTERS)[number];

export interface RunArgs {
  command: 'run';
  /** The scenario file or folder, as given. */
  target: string;
  profile?: string;
  /** --var values, then TP_VAR_* from the environment where --var gives none. */
  variables: Record<string, string>;
  reporter: ReporterName;
  out?: string;
  bail: boolean;
  /** --data: a data file, as given (from the working folder). */
  data?: string;
  dataDir?: string;
  yes: boolean;
  /** --update-snapshots: snapshot checks store what they see instead of comparing it. */
  updateSnapshots: boolean;
  /** --timeout, in ms: the run is stopped once it has taken this long. */
  timeoutMs?: number;
}

export interface ExportArgs {
  command: 'export';
  folder: string;
  format: 'postman';
  out?: string;
}

export interface OpenApiArgs {
  command: 'openapi';
  out?: string;
}

export interface HelpArgs {
  command: 'help';
  topic?: TopicName;
}

type TpArgs = RunArgs | ExportArgs | OpenApiArgs | HelpArgs;

/** The same rule as a collection's variable names (src-shared/collections/format.ts). */
const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
/** Run variables from the environment, so a secret value need not appear on the command line. */
const ENV_VARIABLE_PREFIX = 'TP_VAR_';

type Options = NonNullable<ParseArgsConfig['options']>;
const HELP_OPTION: Options = { help: { type: 'boolean', short: 'h', default: false } };

export function parseWith(topic: TopicName, args: string[], options: Options) {
  try {
    return parseArgs({
      args,
      options: { ...options, ...HELP_OPTION },
      strict: true,
      allowPositionals: true,
    });
  } catch (err) {
    const reason = errorText(err);
    throw new UsageError(`${reason}\n${commandUsage(topic)}`);
  }
}

function onePositional(topic: TopicName, positionals: string[], what: string): string {
  const [first, ...rest] = positionals;
  if (first === undefined || first.trim() === '') {
    throw new UsageError(`tp ${topic} needs ${what}.\n${commandUsage(topic)}`);
  }
  if (rest.length > 0) {
    throw new UsageError(
      `tp ${topic} takes one ${what}, not also ${rest.map((r) => JSON.stringify(r)).join(', ')}: quote a path with spaces.\n${commandUsage(topic)}`,
    );
  }
  return first;
}

function nonEmpty(option: string, value: string | undefined, topic: TopicName): string | undefined {
  if (value === undefined) return undefined;
  if (value.trim() === '') {
    throw new UsageError(`${option} needs a value.\n${commandUsage(topic)}`);
  }
  return value;
}

function parseVariables(given: string[], env: NodeJS.ProcessEnv): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    const name = key.startsWith(ENV_VARIABLE_PREFIX) ? key.slice(ENV_VARIABLE_PREFIX.length) : '';
    if (value !== undefined && VARIABLE_NAME.test(name)) variables[name] = value;
  }
  for (const pair of given) {
    const eq = pair.indexOf('=');
    const name = eq < 0 ? pair : pair.slice(0, eq);
    if (eq < 0 || !VARIABLE_NAME.test(name)) {
      throw new UsageError(
        `--var ${JSON.stringify(pair)} is not name=value: write --var user=u123 (a name is letters, digits, _ . and -, starting with a letter or _).\n${commandUsage('run')}`,
      );
    }
    variables[name] = pair.slice(eq + 1);
  }
  return variables;
}

function parseRun(argv: string[], env: NodeJS.ProcessEnv): RunArgs | HelpArgs {
  const { values, positionals } = parseWith('run', argv, {
    profile: { type: 'string' },
    var: { type: 'string', multiple: true, default: [] },
    reporter: { type: 'string', default: 'pretty' },
    out: { type: 'string' },
    bail: { type: 'boolean', default: false },
    data: { type: 'string' },
    'data-dir': { type: 'string' },
    yes: { type: 'boolean', default: false },
    'update-snapshots': { type: 'boolean', default: false },
    timeout: { type: 'string' },
  });
  if (values.help === true) return { command: 'help', topic: 'run' };
  const timeoutMs = parseTimeout(values.timeout as string | undefined);
  const reporter = values.reporter as string;
  if (!(REPORTERS as readonly string[]).includes(reporter)) {
    throw new UsageError(
      `--reporter ${JSON.stringify(reporter)} is not a reporter: write --reporter pretty, json or junit.\n${commandUsage('run')}`,
    );
  }
  const profile = nonEmpty('--profile', values.profile as string | undefined, 'run');
  const dataDir = nonEmpty('--data-dir', values['data-dir'] as string | undefined, 'run');
  if (dataDir !== undefined && profile === undefined) {
    throw new UsageError(
      `--data-dir says where the saved profiles are, so it goes with --profile NAME; without --profile the run uses a fresh embedded sandbox in a temporary folder.\n${commandUsage('run')}`,
    );
  }
  const out = nonEmpty('--out', values.out as string | undefined, 'run');
  const data = nonEmpty('--data', values.data as string | undefined, 'run');
  return {
    command: 'run',
    target: onePositional('run', positionals, 'a scenario file or a collection folder'),
    variables: parseVariables(values.var as string[], env),
    reporter: reporter as ReporterName,
    bail: values.bail === true,
    yes: values.yes === true,
    updateSnapshots: values['update-snapshots'] === true,
    ...(profile !== undefined ? { profile } : {}),
    ...(dataDir !== undefined ? { dataDir } : {}),
    ...(data !== undefined ? { data } : {}),
    ...(out !== undefined ? { out } : {}),
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
  };
}

/** `--timeout 30s`: the durations a scenario writes (500ms, 2s, 10m), above nothing. */
function parseTimeout(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Duration.safeParse(value.trim());
  if (!parsed.success || parsed.data <= 0)
    throw new UsageError(
      `--timeout ${JSON.stringify(value)} is not a duration: write --timeout 30s, 10m or 500ms.\n${commandUsage('run')}`,
    );
  return parsed.data;
}

function parseExport(argv: string[]): ExportArgs | HelpArgs {
  const { values, positionals } = parseWith('export', argv, {
    format: { type: 'string', default: 'postman' },
    out: { type: 'string' },
  });
  if (values.help === true) return { command: 'help', topic: 'export' };
  if (values.format !== 'postman') {
    throw new UsageError(
      `--format ${JSON.stringify(values.format)} is not an export format: write --format postman (a Postman collection v2.1), artillery or k6 (load scripts).\n${commandUsage('export')}`,
    );
  }
  const out = nonEmpty('--out', values.out as string | undefined, 'export');
  return {
    command: 'export',
    folder: onePositional('export', positionals, 'a collection folder'),
    format: 'postman',
    ...(out !== undefined ? { out } : {}),
  };
}

function parseOpenApi(argv: string[]): OpenApiArgs | HelpArgs {
  const { values, positionals } = parseWith('openapi', argv, { out: { type: 'string' } });
  if (values.help === true) return { command: 'help', topic: 'openapi' };
  if (positionals.length > 0) {
    throw new UsageError(
      `tp openapi takes no path: write tp openapi --out ${positionals[0] ?? 'FILE'}.\n${commandUsage('openapi')}`,
    );
  }
  const out = nonEmpty('--out', values.out as string | undefined, 'openapi');
  return { command: 'openapi', ...(out !== undefined ? { out } : {}) };
}

/** `env` gives the TP_VAR_* run variables. `tp check` has its own parser (check/check-args.ts). */
export function parseTpArgs(argv: string[], env: NodeJS.ProcessEnv = {}): TpArgs {
  const [command, ...rest] = argv;
  switch (command) {
    case 'run':
      return parseRun(rest, env);
    case 'export':
      return parseExport(rest);
    case 'openapi':
      return parseOpenApi(rest);
    case 'help': {
      const [topic] = rest;
      if (topic === undefined) return { command: 'help' };
      if (
        topic === 'run' ||
        topic === 'check' ||
        topic === 'load' ||
        topic === 'mcp' ||
        topic === 'export' ||
        topic === 'openapi'
      )
        return { command: 'help', topic };
      throw new UsageError(`There is no command "${topic}".\n${SHORT_GENERAL_USAGE}`);
    }
    case '--help':
    case '-h':
      return { command: 'help' };
    case undefined:
      throw new UsageError(`Give tp a command.\n${SHORT_GENERAL_USAGE}`);
    default:
      throw new UsageError(
        `${command.startsWith('-') ? `${command} is not an option here` : `There is no command "${command}"`}: the commands are run, check, load, mcp, export and openapi.\n${SHORT_GENERAL_USAGE}`,
      );
  }
}
