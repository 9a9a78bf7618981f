// `tp load <url>` arguments, checked before anything starts (a refusal is a UsageError: exit 2).
import { SIGNATURE_METHODS, type SignatureMethodName } from '../../../src-shared/spec/shapes';
import { parseMix, type MixEntry } from '../../../src-shared/rules/delivery-mix';
import { isLoopbackHost, loadKinds } from '../../core/index';
import { UsageError, parseWith, type HelpArgs } from '../args';
import { handlerUrlArg } from '../handler-url-arg';
import { commandUsage } from '../help';

const LOAD_REPORTERS = ['pretty', 'json', 'html'] as const;

export interface LoadArgs {
  command: 'load';
  url: string;
  rate: number;
  durationMs: number;
  mix?: MixEntry[];
  maxErrorsPct: number;
  profile?: string;
  dataDir?: string;
  reporter: (typeof LOAD_REPORTERS)[number];
  out?: string;
  signatureMethod?: SignatureMethodName;
  yes: boolean;
}

const MAX_RATE = 10_000;
const MAX_DURATION_MS = 3_600_000;

const refuse = (words: string) => new UsageError(`${words}\n${commandUsage('load')}`);

/** `10s`, `2m`, `500ms`, or a number of seconds; null when it is none of these. */
export function parseLoadDuration(text: string): number | null {
  const match = /^(\d+(?:\.\d+)?)\s*(ms|s|m)?$/.exec(text.trim());
  if (!match) return null;
  const n = Number(match[1]);
  return Math.round(n * (match[2] === 'ms' ? 1 : match[2] === 'm' ? 60_000 : 1000));
}

export function parseLoad(argv: string[]): LoadArgs | HelpArgs {
  const { values, positionals } = parseWith('load', argv, {
    rate: { type: 'string' },
    duration: { type: 'string' },
    mix: { type: 'string' },
    'max-errors': { type: 'string', default: '1' },
    profile: { type: 'string' },
    'data-dir': { type: 'string' },
    reporter: { type: 'string', default: 'pretty' },
    out: { type: 'string' },
    'signature-method': { type: 'string' },
    yes: { type: 'boolean', default: false },
  });
  if (values.help === true) return { command: 'help', topic: 'load' };
  const parsed = handlerUrlArg(positionals, 'tp load', refuse);
  const rate = Number(values.rate);
  if (values.rate === undefined || !Number.isFinite(rate) || rate <= 0 || rate > MAX_RATE) {
    throw refuse(
      `--rate ${values.rate === undefined ? 'is missing' : JSON.stringify(values.rate)}: give the deliveries a second, from more than 0 to ${MAX_RATE}, e.g. --rate 200.`,
    );
  }
  const durationText = values.duration as string | undefined;
  const durationMs = durationText === undefined ? null : parseLoadDuration(durationText);
  if (durationMs === null || durationMs < 100 || durationMs > MAX_DURATION_MS) {
    throw refuse(
      `--duration ${durationText === undefined ? 'is missing' : JSON.stringify(durationText)}: give how long to send, from 100ms to 60m, e.g. --duration 30s.`,
    );
  }
  const yes = values.yes === true;
  if (!isLoopbackHost(parsed.hostname) && !yes) {
    throw refuse(
      `${parsed.host} is not this machine: the load run sends it ${rate} signed deliveries a second for ${durationText}. Add --yes if that server is yours to test.`,
    );
  }
  const maxErrorsPct = Number(values['max-errors']);
  if (!Number.isFinite(maxErrorsPct) || maxErrorsPct < 0 || maxErrorsPct > 100) {
    throw refuse(
      `--max-errors ${JSON.stringify(values['max-errors'])} is not a percentage from 0 to 100: write --max-errors 1.`,
    );
  }
  const reporter = values.reporter as string;
  if (!(LOAD_REPORTERS as readonly string[]).includes(reporter)) {
    throw refuse(
      `--reporter ${JSON.stringify(reporter)} is not a reporter: write pretty, json or html.`,
    );
  }
  const method = values['signature-method'] as string | undefined;
  if (method !== undefined && !(SIGNATURE_METHODS as readonly string[]).includes(method)) {
    throw refuse(
      `--signature-method ${JSON.stringify(method)}: write ${SIGNATURE_METHODS.join(', ')}.`,
    );
  }
  let mix: MixEntry[] | undefined;
  if (typeof values.mix === 'string') {
    try {
      mix = parseMix(values.mix, loadKinds());
    } catch (err) {
      throw refuse((err as Error).message);
    }
  }
  const profile = values.profile as string | undefined;
  const dataDir = values['data-dir'] as string | undefined;
  if (dataDir !== undefined && profile === undefined) {
    throw refuse('--data-dir says where the saved profiles are, so it goes with --profile NAME.');
  }
  return {
    command: 'load',
    url: parsed.href,
    rate,
    durationMs,
    maxErrorsPct,
    reporter: reporter as LoadArgs['reporter'],
    yes,
    ...(mix ? { mix } : {}),
    ...(profile ? { profile } : {}),
    ...(dataDir ? { dataDir } : {}),
    ...(typeof values.out === 'string' ? { out: values.out } : {}),
    ...(method ? { signatureMethod: method as SignatureMethodName } : {}),
  };
}
