// An `expect-forward` step: a forward target's answer to the delivery the last expect-delivery step
// claimed (to any delivery of the run when none was), then checks on its status and body.
// Captures: status, header.<name>, body.<path>, seq (the forward record), delivery_seq.
import type { ExpectForwardStep } from '../../../src-shared/collections/format';
import type { CheckOutcome, ForwardRecord } from '../../../src-shared/contract';
import { readBodyPath } from './body-path';
import { evaluateCheck } from './checks';
import { DEFAULT_DELIVERY_TIMEOUT_MS } from './delivery-step';
import { durationWords, type StepContext, type StepOutcome } from './step-context';

function bodyOf(record: ForwardRecord): { value: unknown } {
  const raw = record.forward.exchange.responseBody;
  if (!raw || raw.encoding !== 'utf8') return { value: null };
  try {
    return { value: JSON.parse(raw.text) as unknown };
  } catch {
    return { value: raw.text };
  }
}

export async function runForwardStep(
  ctx: StepContext,
  step: ExpectForwardStep,
): Promise<StepOutcome> {
  const timeoutMs = step.timeout ?? DEFAULT_DELIVERY_TIMEOUT_MS;
  const delivery = ctx.inbox.lastClaimed();
  const fits = (r: ForwardRecord) =>
    !ctx.inbox.isForwardClaimed(r) &&
    (delivery === null || r.forward.deliverySeq === delivery.seq) &&
    (step.target === undefined || r.forward.exchange.url.startsWith(step.target));
  const found = await ctx.inbox.waitFor(() => ctx.inbox.forwards.find(fits), timeoutMs, ctx.signal);
  if (!found) {
    const of = delivery ? `delivery #${delivery.seq}` : 'any delivery of the run';
    const to = step.target ? ` to a URL starting with ${step.target}` : '';
    return {
      checks: [],
      records: [],
      source: { values: {} },
      failure: `No forward of ${of}${to} within ${durationWords(timeoutMs)} (${ctx.inbox.forwards.length} forward(s) since the run started). Check the profile's forward targets in the Inbound tab, or give the scenario its own (\`inbound: { forward: [{ url: ... }] }\`, docs/collections.md).`,
    };
  }
  ctx.inbox.claimForward(found);
  const x = found.forward.exchange;
  const body = bodyOf(found);
  const checks: CheckOutcome[] = [];
  if (found.forward.notForwarded)
    checks.push({
      label: 'forwarded',
      passed: false,
      expected: 'sent to the target',
      actual: `not sent: ${found.forward.notForwarded.explanation}`,
    });
  if (step.status)
    checks.push(
      evaluateCheck(
        'status',
        step.status,
        x.status === null ? { found: false } : { found: true, value: x.status },
      ),
    );
  for (const [path, check] of Object.entries(step.body ?? {}))
    checks.push(evaluateCheck(`body ${path}`, check, readBodyPath(body.value, path)));
  return {
    checks,
    records: [found.seq],
    source: {
      status: x.status,
      headers: x.responseHeaders,
      body,
      values: { seq: String(found.seq), delivery_seq: String(found.forward.deliverySeq) },
    },
  };
}
