// `tp export --format artillery|k6` options: the arrival rate and duration (as tp load takes
// them), where the signed deliveries go (--handler-url) and the platform the request steps go to
// (--target). A refusal is a UsageError (exit 2) that says what to write instead.
import { UsageError, parseWith, type HelpArgs } from '../args';
import { commandUsage } from '../help';
import { parseLoadDuration } from './load-args';

const LOAD_FORMATS = ['artillery', 'k6'] as const;

export interface LoadExportArgs {
  command: 'export-load';
  folder: string;
  format: (typeof LOAD_FORMATS)[number];
  out?: string;
  rate: number;
  durationMs: number;
  handlerUrl?: string;
  target?: string;
}

/** Whether `tp export …` asks for a load script (the Postman export is parsed in args.ts). */
export function wantsLoadScript(argv: string[]): boolean {
  const at = argv.findIndex((a) => a === '--format' || a.startsWith('--format='));
  const given =
    at < 0 ? undefined : argv[at]!.includes('=') ? argv[at]!.split('=')[1] : argv[at + 1];
  return (LOAD_FORMATS as readonly (string | undefined)[]).includes(given);
}

const refuse = (words: string) => new UsageError(`${words}\n${commandUsage('export')}`);

function httpUrl(option: string, text: string | undefined, example: string): string | undefined {
  if (text === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw refuse(`${option} ${JSON.stringify(text)} is not a URL: write ${option} ${example}.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw refuse(`${option} ${text} is not http:// or https://: write ${option} ${example}.`);
  }
  return url.href;
}

export function parseLoadExport(argv: string[]): LoadExportArgs | HelpArgs {
  const { values, positionals } = parseWith('export', argv, {
    format: { type: 'string' },
    out: { type: 'string' },
    rate: { type: 'string' },
    duration: { type: 'string' },
    'handler-url': { type: 'string' },
    target: { type: 'string' },
  });
  if (values.help === true) return { command: 'help', topic: 'export' };
  const format = values.format as LoadExportArgs['format'];
  const [folder, ...rest] = positionals;
  if (folder === undefined || rest.length > 0) {
    throw refuse(
      `tp export takes one collection folder, e.g. tp export examples --format ${format}.`,
    );
  }
  const text = (name: string) => (typeof values[name] === 'string' ? values[name] : undefined);
  const rateText = text('rate') ?? '10';
  const rate = Number(rateText);
  if (!Number.isFinite(rate) || rate <= 0 || rate > 10_000) {
    throw refuse(`--rate ${JSON.stringify(rateText)}: give the arrivals a second, e.g. --rate 50.`);
  }
  const durationText = text('duration') ?? '60s';
  const durationMs = parseLoadDuration(durationText);
  if (durationMs === null || durationMs < 1000) {
    throw refuse(
      `--duration ${JSON.stringify(durationText)}: give whole seconds or minutes, e.g. --duration 30s or 5m.`,
    );
  }
  const handlerUrl = httpUrl('--handler-url', text('handler-url'), 'http://127.0.0.1:3000/hook');
  const target = httpUrl('--target', text('target'), 'https://platform.example');
  if (!handlerUrl && !target) {
    throw refuse(
      `--format ${format} needs --handler-url (the handler the signed deliveries go to), --target (the platform the collection's requests go to), or both.`,
    );
  }
  const out = text('out');
  if (format === 'artillery' && out === undefined) {
    throw refuse(
      '--format artillery writes a folder (the scripts and their processor): add --out FOLDER.',
    );
  }
  return {
    command: 'export-load',
    folder,
    format,
    rate,
    durationMs,
    ...(out !== undefined ? { out } : {}),
    ...(handlerUrl ? { handlerUrl } : {}),
    ...(target ? { target: target.replace(/\/+$/, '') } : {}),
  };
}
