// A `check-endpoint` step: the endpoint check (docs/endpoint-check.md) of the developer's handler,
// inside the run. Its deliveries are signed as the run's profile's app signs them and land in the
// run's journal session (one session per run); each check is one of the step's checks, so the
// Runner, the JSON report and the JUnit report list every outcome and a failed check fails the
// step with its reason and advice. A collection is untrusted: a URL off this machine is asked
// about first (docs/security.md, Running a collection you did not write).
import type { CheckEndpointStep } from '../../../src-shared/collections/format';
import type { CheckOutcome, EndpointCheckResult } from '../../../src-shared/contract';
import { isLoopbackHost } from '../api';
import { plainCheck } from './checks';
import { emptySource, RunStopped, type StepContext, type StepOutcome } from './step-context';

/** pass, warn and not-configured pass the step; only a fail fails it, as `tp check` exits. */
function endpointCheckOutcome(result: EndpointCheckResult): CheckOutcome {
  // Without its last period: a failed check is said as `id: expected pass, got fail: words.`
  const words = [result.reason, result.advice].filter(Boolean).join(' ').replace(/\.$/, '');
  return plainCheck(
    result.id,
    result.outcome !== 'fail',
    'pass',
    `${result.outcome}${words ? `: ${words}` : ''}`,
  );
}

const failed = (failure: string): StepOutcome => ({
  checks: [],
  records: [],
  source: emptySource(),
  failure,
});

export async function runCheckEndpointStep(
  ctx: StepContext,
  step: CheckEndpointStep,
): Promise<StepOutcome> {
  const url = URL.canParse(step.url) ? new URL(step.url) : null;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    return failed(
      `${ctx.place}: ${JSON.stringify(step.url)} is not an http:// or https:// URL: give the handler's URL (http://127.0.0.1:3000/hook), or set the variable it names (--var handler_url=…).`,
    );
  if (!isLoopbackHost(url.hostname)) {
    const agreed = await ctx.confirm(
      `${ctx.place} checks ${url.href}, which is not this machine: it sends that server some 80 deliveries, forgeries and a burst among them, signed with the app of "${ctx.profile.name}". Go on with the run only if that server is yours to test, or stop it?`,
    );
    if (!agreed)
      return failed(
        `Not run: ${url.host} is not this machine, and the run was not confirmed. Answer Go on in the Runner (tp run --yes) if that server is yours to test, or check a handler on this machine (127.0.0.1, localhost).`,
      );
  }
  const report = await ctx.checkEndpoint({
    url: url.href,
    profileId: ctx.profile.id,
    // Loopback, or confirmed just above.
    confirmRemote: true,
    ...(step.only ? { only: step.only } : {}),
    ...(step.skip ? { skip: step.skip } : {}),
    ...(step.burst !== undefined ? { burst: step.burst } : {}),
    ...(step.signature_method ? { signatureMethod: step.signature_method } : {}),
  });
  if (ctx.signal.aborted) throw new RunStopped();
  return {
    checks: report.checks.map(endpointCheckOutcome),
    records: report.checks.flatMap((c) => c.seqs),
    source: emptySource(),
  };
}
