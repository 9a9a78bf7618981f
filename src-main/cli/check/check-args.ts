// `tp check <url>` arguments, checked before anything starts (a refusal is a UsageError: exit 2).
import { SIGNATURE_METHODS, type SignatureMethodName } from '../../../src-shared/spec/shapes';
import { isLoopbackHost } from '../../core/index';
import { REPORTERS, UsageError, parseWith, type HelpArgs, type ReporterName } from '../args';
import { handlerUrlArg } from '../handler-url-arg';
import { commandUsage } from '../help';

export interface CheckArgs {
  command: 'check';
  url: string;
  profile?: string;
  dataDir?: string;
  only?: string[];
  skip?: string[];
  reporter: ReporterName;
  out?: string;
  burst: number;
  signatureMethod?: SignatureMethodName;
  /** A PEM file of the RSA private key the sandbox signs RSA-SHA256 deliveries with. */
  signingKey?: string;
  yes: boolean;
}

const list = (value: unknown) =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean)
    : undefined;

const refuse = (words: string) => new UsageError(`${words}\n${commandUsage('check')}`);

export function parseCheck(argv: string[]): CheckArgs | HelpArgs {
  const { values, positionals } = parseWith('check', argv, {
    profile: { type: 'string' },
    'data-dir': { type: 'string' },
    only: { type: 'string' },
    skip: { type: 'string' },
    reporter: { type: 'string', default: 'pretty' },
    out: { type: 'string' },
    burst: { type: 'string', default: '50' },
    'signature-method': { type: 'string' },
    'signing-key': { type: 'string' },
    yes: { type: 'boolean', default: false },
  });
  if (values.help === true) return { command: 'help', topic: 'check' };
  const parsed = handlerUrlArg(positionals, 'tp check', refuse);
  const burst = Number(values.burst);
  if (!Number.isInteger(burst) || burst < 1 || burst > 1000) {
    throw refuse(
      `--burst ${JSON.stringify(values.burst)} is not a count from 1 to 1000: write --burst 50.`,
    );
  }
  const yes = values.yes === true;
  if (!isLoopbackHost(parsed.hostname) && !yes) {
    throw refuse(
      `${parsed.host} is not this machine: the check sends it some 35 deliveries and a burst of ${burst}, forgeries among them. Add --yes if that server is yours to test.`,
    );
  }
  const reporter = values.reporter as string;
  if (!(REPORTERS as readonly string[]).includes(reporter)) {
    throw refuse(
      `--reporter ${JSON.stringify(reporter)} is not a reporter: write pretty, json or junit.`,
    );
  }
  const method = values['signature-method'] as string | undefined;
  if (method !== undefined && !(SIGNATURE_METHODS as readonly string[]).includes(method)) {
    throw refuse(
      `--signature-method ${JSON.stringify(method)}: write ${SIGNATURE_METHODS.join(', ')}.`,
    );
  }
  const profile = values.profile as string | undefined;
  const dataDir = values['data-dir'] as string | undefined;
  if (dataDir !== undefined && profile === undefined) {
    throw refuse('--data-dir says where the saved profiles are, so it goes with --profile NAME.');
  }
  const only = list(values.only);
  const skip = list(values.skip);
  return {
    command: 'check',
    url: parsed.href,
    reporter: reporter as ReporterName,
    burst,
    yes,
    ...(profile ? { profile } : {}),
    ...(dataDir ? { dataDir } : {}),
    ...(only ? { only } : {}),
    ...(skip ? { skip } : {}),
    ...(typeof values.out === 'string' ? { out: values.out } : {}),
    ...(method ? { signatureMethod: method as SignatureMethodName } : {}),
    ...(typeof values['signing-key'] === 'string' ? { signingKey: values['signing-key'] } : {}),
  };
}
