// A `request` step: one catalog endpoint through the composer (journaled like any composer call),
// sent even when it breaks the API document's rules (a scenario tests the error answers too), then
// its checks: status, time, headers, body paths, the documented shape.
// Captures: status, header.<name>, body.<path>, seq (the api record).
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { RequestStep, ResponseExpect } from '../../../src-shared/collections/format';
import type { ActAs, CheckOutcome, CommandInput, ComposerFile } from '../../../src-shared/contract';
import { ENDPOINTS } from '../../../src-shared/spec';
import { stepFileInside } from '../collections';
import { runSnapshotCheck } from '../snapshots';
import { readBodyPath } from './body-path';
import { evaluateCheck, plainCheck } from './checks';
import { errorText } from '../../../src-shared/contract/errors';
import { type StepContext, type StepOutcome } from './step-context';

function actAsOf(step: RequestStep): ActAs | string {
  const endpoint = ENDPOINTS.find((e) => e.id === step.endpoint);
  const user = step.user?.trim() ?? '';
  const as = step.as ?? (endpoint?.auth === 'app' || user === '' ? 'app' : 'app-for-user');
  if (as === 'app') return { kind: 'app' };
  if (user === '')
    return `"as: ${as}" needs the user it acts for: add \`user: "{{user_id}}"\` (a variable a connect-user step captured, or a user id).`;
  return as === 'user' ? { kind: 'user', userId: user } : { kind: 'appForUser', userId: user };
}

/** `jpeg` → sample.jpg: the short names the format allows, or a sample's own file name. */
function sampleName(sample: string): string {
  if (sample.includes('.')) return sample;
  return `sample.${sample === 'jpeg' ? 'jpg' : sample}`;
}

async function fileOf(ctx: StepContext, step: RequestStep): Promise<ComposerFile | undefined> {
  const file = step.file;
  if (!file) return undefined;
  if ('sample' in file) {
    const name = sampleName(file.sample);
    return { name: file.name ?? name, sample: name };
  }
  // Checked again here, after the variables are filled: a `{{name}}` path is known only now.
  const inside = await stepFileInside(ctx.collectionFolder, ctx.scenarioFile, file.path);
  if ('refused' in inside) throw new Error(`${ctx.place}: ${inside.refused} Nothing was sent.`);
  const full = inside.full;
  const bytes = await readFile(full).catch((err: NodeJS.ErrnoException) => {
    throw new Error(
      `the file ${file.path} (${full}) could not be read (${err.code ?? err.message}): put it beside the scenario file or fix the path.`,
    );
  });
  return {
    name: basename(file.path),
    base64: bytes.toString('base64'),
    ...(file.type ? { mimeType: file.type } : {}),
  };
}

const PLATFORM_WORDS_MAX = 300;

/**
 * `invalid_request: vcard: … must be …` from an error answer's `error` and `error_description`
 * (API document §4), or null when the body has neither: why the platform refused, for a person.
 */
export function platformSaid(json: unknown): string | null {
  if (typeof json !== 'object' || json === null) return null;
  const body = json as Record<string, unknown>;
  const words = [body.error, body.error_description]
    .filter((w): w is string | number => typeof w === 'string' || typeof w === 'number')
    .map((w) => String(w).trim())
    .filter((w) => w !== '');
  if (words.length === 0) return null;
  const text = words.join(': ').replace(/\.+$/, '');
  return text.length > PLATFORM_WORDS_MAX ? `${text.slice(0, PLATFORM_WORDS_MAX)}…` : text;
}

export function responseChecks(
  expect: ResponseExpect | undefined,
  response: {
    status: number | null;
    timeMs: number;
    headers: Record<string, string>;
    json: unknown;
    shapeIssues: string[];
  },
): CheckOutcome[] {
  if (!expect) return [];
  const checks: CheckOutcome[] = [];
  if (expect.status) {
    const status = evaluateCheck(
      'status',
      expect.status,
      response.status === null ? { found: false } : { found: true, value: response.status },
    );
    const said = status.passed ? null : platformSaid(response.json);
    checks.push(
      said ? { ...status, actual: `${status.actual}. The platform said: ${said}` } : status,
    );
  }
  if (expect.time)
    checks.push(evaluateCheck('time (ms)', expect.time, { found: true, value: response.timeMs }));
  if (expect.headers)
    for (const [name, check] of Object.entries(expect.headers)) {
      const value = response.headers[name.toLowerCase()];
      checks.push(
        evaluateCheck(
          `header ${name}`,
          check,
          value === undefined ? { found: false } : { found: true, value },
        ),
      );
    }
  if (expect.body)
    for (const [path, check] of Object.entries(expect.body))
      checks.push(evaluateCheck(`body ${path}`, check, readBodyPath(response.json, path)));
  if (expect.shape === 'valid')
    checks.push(
      plainCheck(
        'shape',
        response.shapeIssues.length === 0,
        'the documented shape',
        response.shapeIssues.length === 0
          ? 'the documented shape'
          : response.shapeIssues.join('; '),
      ),
    );
  return checks;
}

export async function runRequestStep(
  ctx: StepContext,
  step: RequestStep,
  expect: ResponseExpect | undefined,
): Promise<StepOutcome> {
  const actAs = actAsOf(step);
  if (typeof actAs === 'string')
    return { checks: [], records: [], source: { values: {} }, failure: actAs };
  let file: ComposerFile | undefined;
  try {
    // No wait for a step without a file (most).
    if (step.file) file = await fileOf(ctx, step);
  } catch (err) {
    return { checks: [], records: [], source: { values: {} }, failure: errorText(err) };
  }
  // Written out and added to: a third of the time of a literal with spreads in it.
  const input: CommandInput<'composer.send'> = {
    profileId: ctx.profile.id,
    endpointId: step.endpoint,
    params: step.params,
    keepEmpty: step.keep_empty ?? [],
    actAs,
    force: true,
    // A run's steps share kept-alive connections: a handshake or two per run, not one per step.
    connection: 'reuse',
  };
  if (step.path) input.path = step.path;
  if (file) input.file = file;
  if (step.vcard)
    input.vcard = {
      name: step.vcard.name,
      surname: step.vcard.surname ?? '',
      phones: step.vcard.phones ?? [],
    };
  if (step.headers) input.headers = step.headers;
  const { result: sent, answer } = await ctx.send(input);
  const api = sent.record.api;
  const checks = responseChecks(expect, {
    status: api.status,
    timeMs: api.timing.totalMs,
    headers: api.responseHeaders,
    json: answer,
    shapeIssues: sent.shapeIssues,
  });
  // The answer as the window has it, redacted: a token it holds is not written into a file.
  if (expect?.snapshot)
    checks.push(await runSnapshotCheck(ctx, expect.snapshot, { value: sent.json }, 'the body'));
  const outcome: StepOutcome = {
    checks,
    records: [sent.record.seq],
    source: {
      status: api.status,
      headers: api.responseHeaders,
      body: { value: answer },
      values: { seq: String(sent.record.seq) },
    },
  };
  if (api.status === null)
    outcome.failure = `No answer from ${api.url}: ${api.error ?? 'the request failed'}.`;
  return outcome;
}
