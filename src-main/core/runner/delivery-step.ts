// An `expect-delivery` step: waits for a delivery the run has not claimed yet (one that arrived
// before the step began counts: a message an earlier simulate step made), then checks its signature
// outcome, its documented shape, the receiver's answer and its data.
// Captures: data.<path>, status (the receiver's answer), seq, and from its classification user_id,
// contact_id, room_id, message_id, type.
import type { ExpectDeliveryStep } from '../../../src-shared/collections/format';
import type { CheckOutcome, DeliveryRecord } from '../../../src-shared/contract';
import { runSnapshotCheck } from '../snapshots';
import { readBodyPath } from './body-path';
import { evaluateCheck, plainCheck } from './checks';
import { durationWords, type StepContext, type StepOutcome } from './step-context';

export const DEFAULT_DELIVERY_TIMEOUT_MS = 10_000;

type Match = ExpectDeliveryStep['match'];

/** Why `record` is not the delivery asked for, or null when it is. */
function deliveryMismatch(record: DeliveryRecord, match: Match): string | null {
  const c = record.delivery.classification;
  const wanted: [string, string | undefined, string | undefined][] = [
    ['kind', match.kind, c.category],
    ['msg_type', match.msg_type, c.msgType],
    ['event', match.event, c.category === 'group-event' ? c.type : undefined],
    ['user', match.user, c.userId],
    ['contact', match.contact, c.contactId],
    ['room', match.room, c.roomId],
  ];
  for (const [label, want, got] of wanted) {
    if (want === undefined || want === got) continue;
    return got === undefined ? `it has no ${label}` : `its ${label} is ${got}, not ${want}`;
  }
  if (match.text !== undefined && !(record.delivery.form.data ?? '').includes(match.text))
    return `its data does not contain "${match.text}"`;
  return null;
}

function describeMatch(match: Match): string {
  const parts = Object.entries(match)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => (k === 'text' ? `containing "${v}"` : `${k} ${v}`));
  return parts.length ? `a delivery with ${parts.join(', ')}` : 'any delivery';
}

function parseData(record: DeliveryRecord): { value: unknown } | undefined {
  const data = record.delivery.form.data;
  if (data === null) return undefined;
  try {
    return { value: JSON.parse(data) as unknown };
  } catch {
    return undefined;
  }
}

function deliveryChecks(step: ExpectDeliveryStep, record: DeliveryRecord): CheckOutcome[] {
  const d = record.delivery;
  const checks: CheckOutcome[] = [];
  const signature = step.signature ?? 'valid';
  if (signature !== 'any') {
    const outcome = d.verification.outcome;
    checks.push(
      plainCheck(
        'signature',
        outcome === signature,
        signature,
        outcome === signature ? outcome : `${outcome} (${d.verification.explanation})`,
      ),
    );
  }
  if (step.signature_method !== undefined) {
    const method = d.form.signatureMethod ?? '';
    checks.push(
      plainCheck(
        'signature_method',
        method === step.signature_method,
        step.signature_method,
        method || '(none)',
      ),
    );
  }
  if ((step.shape ?? 'valid') === 'valid')
    checks.push(
      plainCheck(
        'shape',
        d.shapeIssues.length === 0,
        'the documented shape',
        d.shapeIssues.length === 0 ? 'the documented shape' : d.shapeIssues.join('; '),
      ),
    );
  if (step.answer)
    checks.push(evaluateCheck('answer', step.answer, { found: true, value: d.response.status }));
  const data = parseData(record);
  for (const [path, check] of Object.entries(step.data ?? {}))
    checks.push(
      evaluateCheck(
        `data ${path}`,
        check,
        data ? readBodyPath(data.value, path) : { found: false },
      ),
    );
  return checks;
}

function timeoutText(ctx: StepContext, step: ExpectDeliveryStep, timeoutMs: number): string {
  const seen = ctx.inbox.deliveries;
  const reasons = seen.slice(-5).map((r) => {
    const why = ctx.inbox.isClaimed(r)
      ? 'an earlier step already claimed it'
      : (deliveryMismatch(r, step.match) ?? 'it arrived as the wait ended');
    return `#${r.seq} (${r.summary}): ${why}`;
  });
  const count = seen.length === 1 ? '1 delivery' : `${seen.length} deliveries`;
  return `No delivery matched within ${durationWords(timeoutMs)}: waited for ${describeMatch(step.match)}. ${count} arrived since the run started${reasons.length ? `: ${reasons.join('; ')}` : ''}. Check that the platform sends to this profile's endpoint URL, or give the step a longer timeout.`;
}

export async function runDeliveryStep(
  ctx: StepContext,
  step: ExpectDeliveryStep,
): Promise<StepOutcome> {
  const timeoutMs = step.timeout ?? DEFAULT_DELIVERY_TIMEOUT_MS;
  const found = await ctx.inbox.waitFor(
    () =>
      ctx.inbox.deliveries.find(
        (r) => !ctx.inbox.isClaimed(r) && deliveryMismatch(r, step.match) === null,
      ),
    timeoutMs,
    ctx.signal,
  );
  if (!found)
    return {
      checks: [],
      records: [],
      source: { values: {} },
      failure: timeoutText(ctx, step, timeoutMs),
    };
  ctx.inbox.claim(found);
  const c = found.delivery.classification;
  const named: Record<string, string | undefined> = {
    seq: String(found.seq),
    user_id: c.userId,
    contact_id: c.contactId,
    room_id: c.roomId,
    message_id: c.messageId,
    type: c.type,
  };
  const data = parseData(found);
  const checks = deliveryChecks(step, found);
  if (step.snapshot)
    checks.push(await runSnapshotCheck(ctx, step.snapshot, data, "the delivery's data JSON"));
  return {
    checks,
    records: [found.seq],
    source: {
      status: found.delivery.response.status,
      headers: found.delivery.headers,
      ...(data ? { data } : {}),
      values: Object.fromEntries(
        Object.entries(named).filter((e): e is [string, string] => e[1] !== undefined),
      ),
    },
  };
}
