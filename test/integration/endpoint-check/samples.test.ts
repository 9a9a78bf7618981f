// tp check against each sample handler of examples/handlers/: the exact checks that fail, warn and
// are not configured for each (every other check passes). The correct one fails none.
import { afterEach, describe, expect, it } from 'vitest';
import type { EndpointCheckReport } from '../../../src-shared/contract';
import { runTp } from '../../helpers/tp-cli';
import { HANDLERS, startSampleHandler, type SampleHandler } from './sample-handler';

const SECRET = 'sample-handler-secret-0f3a';
/** Not configured for an HMAC-SHA256 app over http, whatever the handler. */
const NOT_CONFIGURED = ['signature.hmac-sha1', 'signature.rsa-sha256', 'transport.certificate'];
const GROUP_EVENTS = ['group-join', 'group-leave', 'group-update', 'group-remove'];

let handler: SampleHandler | undefined;
afterEach(async () => {
  await handler?.stop();
  handler = undefined;
});

async function check(sample: string, extra: string[] = [], env: Record<string, string> = {}) {
  handler = await startSampleHandler(sample, { CLIENT_SECRET: SECRET, ...env });
  const run = await runTp(['check', handler.url, '--reporter', 'json', '--burst', '10', ...extra], {
    cwd: HANDLERS,
    env: { TP_CLIENT_SECRET: SECRET },
  });
  const report = JSON.parse(run.stdout) as EndpointCheckReport;
  const ids = (outcome: string) =>
    report.checks
      .filter((c) => c.outcome === outcome)
      .map((c) => c.id)
      .sort();
  return {
    run,
    report,
    fail: ids('fail'),
    warn: ids('warn'),
    notConfigured: ids('not-configured'),
  };
}

describe('tp check against the sample handlers', () => {
  it('correct.mjs passes every configured check (redelivery warns) and exits 0', async () => {
    const { run, report, fail, warn, notConfigured } = await check('correct');
    expect(fail).toEqual([]);
    expect(warn).toEqual(['redelivery']);
    expect(notConfigured).toEqual(NOT_CONFIGURED.sort());
    expect(report.checks.length).toBeGreaterThan(35);
    expect(run.code).toBe(0);
    // The secret the deliveries were signed with is in no output.
    expect(run.stdout + run.stderr).not.toContain(SECRET);
  });

  it('reserialized-json.mjs fails the raw-bytes checks whose bytes JSON.stringify changes', async () => {
    const { run, fail, warn } = await check('reserialized-json');
    expect(fail).toEqual([
      'raw-bytes.escaped-slashes',
      'raw-bytes.form-spaces-plus',
      'raw-bytes.non-ascii',
      'raw-bytes.number-format',
    ]);
    // JSON.parse('') throws before any signature is looked at: a 500 rather than a 4xx.
    expect(warn).toEqual(['redelivery', 'refuses.empty-data']);
    expect(run.code).toBe(1);
  });

  it('accepts-missing-signature.mjs fails refuses.no-signature, saying what that means', async () => {
    const { run, report, fail, warn } = await check('accepts-missing-signature');
    expect(fail).toEqual(['refuses.no-signature']);
    expect(warn).toEqual(['redelivery']);
    expect(report.checks.find((c) => c.id === 'refuses.no-signature')?.reason).toContain(
      'Anyone who knows this URL can send your app messages',
    );
    expect(run.code).toBe(1);
  });

  it('wrong-secret.mjs fails every check of a genuine delivery, and no forgery check', async () => {
    const { fail, warn } = await check('wrong-secret');
    const accepts = [
      'text',
      'text-long',
      'sticker',
      'location',
      'contact',
      'picture',
      'movie',
      'sound',
      'voice',
      'file',
      'room-message',
      'group-invite',
      ...GROUP_EVENTS,
    ].map((k) => `accepts.${k}`);
    const rawBytes = [
      'non-ascii',
      'escaped-slashes',
      'form-spaces-plus',
      'key-order',
      'number-format',
    ];
    expect(fail).toEqual(
      [
        ...accepts,
        ...rawBytes.map((k) => `raw-bytes.${k}`),
        'signature.hmac-sha256',
        'redelivery',
        'burst',
      ].sort(),
    );
    expect(warn).toEqual([]);
  });

  it('crashes-on-group-events.mjs fails each group event but the invite, and the unknown one', async () => {
    const { fail, warn } = await check('crashes-on-group-events');
    expect(fail).toEqual(
      [...GROUP_EVENTS.map((k) => `accepts.${k}`), 'forward.unknown-group-event'].sort(),
    );
    expect(warn).toEqual(['redelivery']);
  });

  it('slow.mjs fails the deadline: no answer within the platform’s 10 s', async () => {
    const { run, report, fail, warn } = await check('slow', ['--only', 'deadline']);
    expect(fail).toEqual(['deadline']);
    expect(warn).toEqual([]);
    expect(report.checks.map((c) => c.id)).toEqual(['deadline']);
    expect(report.checks[0]?.reason).toContain("within the platform's 10 s deadline");
    expect(run.code).toBe(1);
  }, 30_000);
});
