// endpointCheck.run: the battery against the developer's handler, in a journal session of its own
// (so the Event log shows the run), signed as the profile's app's deliveries are. Sends only to
// the URL given, one delivery at a time but for the burst.
import { setMaxListeners } from 'node:events';
import type { z } from 'zod';
import {
  CommandError,
  type EndpointCheckResult,
  type EndpointCheckReport,
  type endpointCheckCommands,
} from '../../../src-shared/contract';
import type { SignatureMethodName } from '../../../src-shared/spec/shapes';
import { isLoopbackHost } from '../api';
import { startRunSession, type RunSession, type RunSessionInvoke } from '../runner';
import type { Services } from '../services';
import { undici } from '../common/lazy-packages';
import { probeCertificate } from './certificate';
import { createCheckContext, type CheckContext, type SigningSetup } from './check-context';
import { contractChecks } from './checks-contract';
import { loadChecks } from './checks-load';
import { latency } from './judge';
import { throwIfStopped, watchRun, type RunHooks } from './run-hooks';
import { selectChecks } from './select-checks';

export type EndpointCheckInput = z.output<
  (typeof endpointCheckCommands)['endpointCheck.run']['input']
>;

/** Every check, in the order they run. */
export const allChecks = () => [...contractChecks(), ...loadChecks()];

/** Whose secret signs, and by which method: the check's and the load run's alike. */
export function signingFor(
  s: Pick<Services, 'profiles' | 'host'>,
  input: { profileId?: string | undefined; signatureMethod?: SignatureMethodName | undefined },
): { setup: SigningSetup; profileName: string; profileId: string } {
  const profile = s.profiles.require(input.profileId);
  const sandbox = profile.kind === 'sandbox' ? s.host.sandbox : undefined;
  const method = (input.signatureMethod ??
    sandbox?.app.signatureMethod ??
    'HMAC-SHA256') as SignatureMethodName;
  const clientSecret = profile.clientSecret ?? '';
  if (method !== 'RSA-SHA256' && clientSecret === '') {
    throw new CommandError({
      code: 'invalid_input',
      message: `Profile "${profile.name}" has no client secret, and ${method} deliveries are signed with it. Set the app's client secret in the profile (or TP_CLIENT_SECRET on the command line), then run the check again.`,
    });
  }
  if (method === 'RSA-SHA256' && !sandbox?.signingKeyPem) {
    throw new CommandError({
      code: 'invalid_input',
      message: `RSA-SHA256 deliveries are signed with the platform's private key, which only the embedded sandbox shares. Check RSA-SHA256 with the sandbox profile, or give the method your app uses (HMAC-SHA256 or HMAC-SHA1).`,
    });
  }
  return {
    setup: {
      method,
      clientSecret,
      ...(sandbox?.signingKeyPem ? { rsaPrivateKeyPem: sandbox.signingKeyPem } : {}),
    },
    profileName: profile.name,
    profileId: profile.id,
  };
}

/**
 * Throws when the first delivery found nothing to connect to (the handler is not there); answers
 * whether one was sent yet. A handler that accepted the connection and dropped it is there: that
 * is a check's failure, judged with the rest.
 */
function refuseUnreachable(ctx: CheckContext, url: string): boolean {
  const first = ctx.sent[0] ?? ctx.burstSent[0];
  if (!first) return false;
  if (!first.unreachable || first.skipped) return true;
  throw new CommandError({
    code: 'network_error',
    message: `The check could not reach ${url}: ${first.error ?? 'no answer'} Start the handler (or correct the URL) and run the check again.`,
  });
}

/** How a check runs inside something larger: a collection's run (the check-endpoint step). */
export interface EndpointCheckWithin {
  /**
   * The journal session already recording (the run's): the deliveries land there, one session per
   * run, instead of a session of the check's own.
   */
  sessionId: string;
  /** Aborted when the run is stopped: the deliveries not sent yet are not sent. */
  signal?: AbortSignal;
}

/** What a check uses: the profile's secret, the sandbox's key, and the journal it records in. */
export type EndpointCheckDeps = Pick<Services, 'profiles' | 'host' | 'journal' | 'redactor'>;

export async function runEndpointCheck(
  s: EndpointCheckDeps,
  /** Its journal session's commands (a check inside a run is handed the run's session instead). */
  invoke: RunSessionInvoke,
  input: EndpointCheckInput,
  hooks: RunHooks = {},
  within?: EndpointCheckWithin,
): Promise<EndpointCheckReport> {
  const host = new URL(input.url).hostname;
  // In the engine, not only in the command line: any client of the contract may ask for a check.
  if (!isLoopbackHost(host) && !input.confirmRemote)
    throw new CommandError({
      code: 'invalid_input',
      message: `${host} is not this machine: the check sends it forgeries and a burst of ${input.burst} deliveries signed with the profile's secret. Confirm that this server is yours to test (tp check --yes), then run the check again.`,
    });
  const checks = selectChecks(allChecks(), input.only, input.skip);
  const { setup, profileName, profileId } = signingFor(s, input);
  const startedAt = new Date();
  const certificate = await probeCertificate(input.url);
  if (certificate.kind === 'unreachable') {
    throw new CommandError({
      code: 'network_error',
      message: `The check could not reach ${input.url}: ${certificate.reason}. Start the handler (or correct the URL) and run the check again.`,
    });
  }
  // Loaded now (a tenth of a second or more, once per process), not in the first delivery's time.
  const { Agent } = undici();
  // The certificate check warns; the rest of the battery still runs, over connections that do not
  // verify it.
  const session: RunSession = within
    ? { id: within.sessionId, end: () => Promise.resolve() }
    : await startRunSession(
        invoke,
        s.journal,
        `Endpoint check ${input.url}`,
        await invoke('sessions.list', {}),
      );
  // Made once the session is there, so that the finally below always closes it.
  const dispatcher =
    certificate.kind === 'invalid'
      ? new Agent({ connect: { rejectUnauthorized: false } })
      : undefined;
  // Either Stop (the app's, or the run's that holds this check as a step) cuts a delivery in flight
  // and sends nothing more. Every delivery of a burst listens to it at once (undici adds a listener
  // per request), more than the 10 after which Node warns of a leak.
  const stops = [hooks.signal, within?.signal].filter((x): x is AbortSignal => x !== undefined);
  const stop = stops.length > 0 ? AbortSignal.any(stops) : undefined;
  if (stop) setMaxListeners(0, stop);
  try {
    const ctx = createCheckContext(
      setup,
      {
        url: input.url,
        journal: s.journal,
        redactor: s.redactor,
        profileId,
        ...(dispatcher ? { dispatcher } : {}),
        ...(stop ? { signal: stop } : {}),
      },
      input.burst,
      certificate,
      stop,
    );
    watchRun(ctx, hooks);
    const results: EndpointCheckResult[] = [];
    let reachable = false;
    for (const [index, check] of checks.entries()) {
      throwIfStopped(hooks, input.url, index, checks.length);
      hooks.onCheck?.(check, index + 1, checks.length);
      const { sent, ...verdict } = await check.run(ctx);
      // Until the first delivery is sent (a check may send none): nothing answered it at all.
      reachable ||= refuseUnreachable(ctx, input.url);
      results.push({
        id: check.id,
        name: check.name,
        rule: check.rule,
        ...verdict,
        seqs: sent.filter((d) => d.seq > 0).map((d) => d.seq),
        timing: latency(sent.filter((d) => !d.skipped)),
      });
    }
    // Stopped during the last check: its verdict judged deliveries that were not sent.
    throwIfStopped(hooks, input.url, checks.length - 1, checks.length);
    return {
      url: input.url,
      profileName,
      signatureMethod: setup.method,
      sessionId: session.id,
      startedAt: startedAt.toISOString(),
      durationMs: Date.now() - startedAt.getTime(),
      timing: latency([...ctx.sent, ...ctx.burstSent].filter((d) => !d.skipped)),
      checks: results,
      passed: results.every((r) => r.outcome !== 'fail'),
    };
  } finally {
    await session.end();
    await dispatcher?.close();
  }
}
