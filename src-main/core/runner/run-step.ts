// One step of a run: its variables resolved (an unknown one fails it before anything is sent), the
// step of its kind run, its captures kept for the steps after it, its outcome put in its view in
// words with every secret hidden, and one system record in the journal for the session's report.
import { errorText } from '../../../src-shared/contract/errors';
import {
  misplacedSecretsOfStep,
  misplacedSecretWords,
} from '../../../src-shared/collections/secret-places';
import { fillTemplate } from '../../../src-shared/collections/templates';
import type { Step } from '../../../src-shared/collections/format';
import type { RunStepMark, StepView } from '../../../src-shared/contract';
import type { AppTokenService, UserTokenService } from '../auth';
import type { Journal, Redactor } from '../log';
import type { Profile } from '../profiles';
import { runAdvanceClockStep } from './advance-clock-step';
import { takeCaptures } from './captures';
import { observedFields } from './observed-fields';
import { failedChecksText } from './checks';
import { runCheckEndpointStep } from './check-endpoint-step';
import { runConnectUserStep } from './connect-user-step';
import { runDeliveryStep } from './delivery-step';
import { runForwardStep } from './forward-step';
import { runRequestStep } from './request-step';
import { runSimulateStep } from './simulate-step';
import { durationWords, RunStopped, type StepContext, type StepOutcome } from './step-context';
import {
  hideSecrets,
  lookupVariable,
  REDACTED,
  resolveTemplates,
  stepPlace,
  unknownVariablesText,
  type Resolved,
  type SecretLookup,
  type VariableLayers,
} from './variables';
import { runWaitStep } from './wait-step';

export interface StepDeps {
  appTokens: Pick<AppTokenService, 'ensure'>;
  users: Pick<UserTokenService, 'accessToken'>;
  journal: Journal;
  redactor: Redactor;
}

export interface StepEnv {
  deps: StepDeps;
  profile: Profile;
  /** The context every step shares; place and scenarioFile are the step's own. */
  context: Omit<StepContext, 'place' | 'scenarioFile'>;
  layers: VariableLayers;
  /** Every secret value the run filled in or captured: shown as ‹redacted›. */
  secrets: Set<string>;
}

function secretLookup(env: StepEnv, step: Step): SecretLookup {
  const rawUser =
    'request' in step ? step.request.user : 'simulate' in step ? step.simulate.user : undefined;
  return async (name) => {
    if (name === 'client_secret') {
      const secret = env.profile.clientSecret;
      return secret
        ? { value: secret }
        : {
            missing: `the profile "${env.profile.name}" has no client secret; enter it in Profiles`,
          };
    }
    if (name === 'app_token') return { value: await env.deps.appTokens.ensure(env.profile.id) };
    const user = rawUser
      ? fillTemplate(rawUser, (n) => lookupVariable(env.layers, n)).text
      : undefined;
    if (!user || user.includes('{{'))
      return { missing: "user_token is the token of the step's `user`: give the step a user" };
    return { value: await env.deps.users.accessToken(env.profile.id, user) };
  };
}

function runKind(ctx: StepContext, step: Step): Promise<StepOutcome> {
  if ('request' in step) return runRequestStep(ctx, step.request, step.expect);
  if ('expect-delivery' in step) return runDeliveryStep(ctx, step['expect-delivery']);
  if ('expect-forward' in step) return runForwardStep(ctx, step['expect-forward']);
  if ('simulate' in step) return runSimulateStep(ctx, step.simulate);
  if ('connect-user' in step) return runConnectUserStep(ctx, step['connect-user']);
  if ('advance-clock' in step) return runAdvanceClockStep(ctx, step['advance-clock']);
  if ('check-endpoint' in step) return runCheckEndpointStep(ctx, step['check-endpoint']);
  return runWaitStep(ctx, step.wait);
}

/**
 * The context of one step. Every property written out, not `{ ...context, place, scenarioFile }`:
 * V8 builds an object from a spread followed by properties the spread did not have on a slow path,
 * many times slower than this literal.
 */
function stepContext(c: StepEnv['context'], place: string, scenarioFile: string): StepContext {
  return {
    invoke: c.invoke,
    send: c.send,
    events: c.events,
    profile: c.profile,
    sandbox: c.sandbox,
    scenarioFile,
    collectionFolder: c.collectionFolder,
    place,
    signal: c.signal,
    inbox: c.inbox,
    updateSnapshots: c.updateSnapshots,
    ask: c.ask,
    confirm: c.confirm,
    checkEndpoint: c.checkEndpoint,
  };
}

/** Text a person reads, with the run's secrets (and any the engine knows) hidden. */
function shown(env: StepEnv, text: string): string {
  return env.deps.redactor.text(hideSecrets(text, env.secrets));
}

/**
 * Runs `step` into `view` (state, time, checks, failure, records, captures). Rejects only with
 * RunStopped, when the person stops the run while the step waits.
 */
export async function runStep(
  env: StepEnv,
  scenario: { path: string; file: string },
  step: Step,
  view: StepView,
): Promise<void> {
  const place = stepPlace(scenario.path, view.index, view.name);
  const started = performance.now();
  let outcome: StepOutcome | null = null;
  const failures: string[] = [];
  let resolved: Resolved<Step> | null = null;
  // The loader refuses such a file already; checked again here, so no way round the loader (a
  // file changed since, a caller of its own) fills a secret in where it does not belong.
  const misplaced = misplacedSecretsOfStep(step);
  if (misplaced.length > 0)
    failures.push(
      ...misplaced.map(
        ({ path, name }) => `${place}: ${misplacedSecretWords(path.join('.'), name)}`,
      ),
    );
  else
    try {
      // Most steps use no built-in secret: they are filled at once, with no wait.
      const filled = resolveTemplates(step, env.layers, secretLookup(env, step));
      resolved = filled instanceof Promise ? await filled : filled;
    } catch (err) {
      failures.push(`${place}: a secret could not be filled in: ${errorText(err)}`);
    }
  if (resolved) {
    for (const secret of resolved.secrets) env.secrets.add(secret);
    if (resolved.unknown.length > 0) failures.push(unknownVariablesText(place, resolved.unknown));
    else {
      const ctx = stepContext(env.context, place, scenario.file);
      try {
        outcome = await runKind(ctx, resolved.value);
      } catch (err) {
        if (err instanceof RunStopped) throw err;
        failures.push(errorText(err));
      }
    }
  }
  if (outcome) {
    if (outcome.failure) failures.push(outcome.failure);
    const checksText = failedChecksText(outcome.checks);
    if (checksText) failures.push(checksText);
    const spec = resolved?.value.capture;
    if (spec) keepCaptures(env, view, spec, outcome.source, failures);
    view.records = outcome.records;
    const seen = outcome.source.body ?? outcome.source.data;
    if (seen && (view.kind === 'request' || view.kind === 'expect-delivery'))
      view.observed = {
        source: outcome.source.body ? 'body' : 'data',
        fields: observedFields(
          seen.value,
          (v) => env.secrets.has(v) || env.deps.redactor.holdsSecret(JSON.stringify(v)),
        ),
      };
    view.checks = outcome.checks.map((c) => ({
      label: c.label,
      passed: c.passed,
      expected: shown(env, c.expected),
      actual: shown(env, c.actual),
      ...(c.note === undefined ? {} : { note: shown(env, c.note) }),
    }));
  }
  view.durationMs = Math.round(performance.now() - started);
  view.state = failures.length > 0 ? 'failed' : 'passed';
  view.failure = failures.length > 0 ? shown(env, failures.join(' ')) : null;
  journalStep(env, scenario.path, view);
}

/** The step's captures kept for the steps after it and shown in its view, secrets hidden. */
function keepCaptures(
  env: StepEnv,
  view: StepView,
  spec: Record<string, string>,
  source: StepOutcome['source'],
  failures: string[],
): void {
  const captured = takeCaptures(spec, source);
  for (const missing of captured.missing) failures.push(`${missing}.`);
  for (const [name, value] of Object.entries(captured.values)) {
    env.layers.captured[name] = value;
    const secret = env.secrets.has(value) || env.deps.redactor.holdsSecret(JSON.stringify(value));
    if (secret) env.secrets.add(value);
    view.captures[name] = secret ? REDACTED : value;
  }
}

/** A step journaled as it ends: one that never ran to an end (stopped) was skipped. */
const endedAs = (state: StepView['state']): RunStepMark['state'] =>
  state === 'passed' || state === 'failed' ? state : 'skipped';

/** "Step 2 of send.yaml, Send a text: passed in 120 ms", with the failure and the records. */
export function journalStep(env: StepEnv, path: string, view: StepView): void {
  const time = view.durationMs === null ? '' : ` in ${durationWords(view.durationMs)}`;
  const summary = `Step ${view.index + 1} of ${path}, ${view.name}: ${view.state}${time}`;
  let message = `${summary}.`;
  if (view.failure !== null) message += ` ${view.failure}`;
  if (view.records.length > 0) message += ` Records: #${view.records.join(', #')}.`;
  env.deps.journal.append({
    kind: 'system',
    summary,
    profileId: env.profile.id,
    system: {
      level: view.state === 'failed' ? 'warn' : 'info',
      message,
      // What the HTML report counts as a failed step: the words above are the person's.
      step: { scenario: path, index: view.index, state: endedAs(view.state) },
    },
  });
}
