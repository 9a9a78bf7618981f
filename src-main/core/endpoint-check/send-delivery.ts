// Sends one delivery of the check to the handler's URL as the platform does (API document §6: a
// form-encoded POST of `data`, `signature` and `signature_method`), sent and journaled as an `api`
// record as every call the engine makes is (api/send-exchange.ts; undici, which follows no
// redirect), with no token: a handler is not the platform. The signature is shown, the client
// secret never (the redactor knows it).
import type { Dispatcher } from 'undici';
import { sendExchange } from '../api';
import type { Journal, Redactor } from '../log';
import { PLATFORM_DELIVERY_DEADLINE_MS } from '../../../src-shared/rules/delivery-deadline';

/** The form fields of a delivery; a field left out is not sent at all. */
export interface DeliveryForm {
  data?: string;
  signature?: string;
  signature_method?: string;
}

export interface SentDelivery {
  /** null: no answer (refused, dropped, past the deadline). */
  status: number | null;
  ms: number;
  error?: string;
  /** No connection was made (nothing listens there), as opposed to a handler that dropped one. */
  unreachable?: boolean;
  /** Where a 3xx pointed. */
  location?: string;
  /** The journal record's seq; 0 when it was not sent (`skipped`). */
  seq: number;
  /** Not sent: the battery had stopped (`error` says why). */
  skipped?: boolean;
}

export interface SendContext {
  url: string;
  /** Connections that do not verify the certificate, once the check has warned it does not hold. */
  dispatcher?: Dispatcher;
  journal: Journal;
  redactor: Redactor;
  profileId?: string;
  /** A run's Stop: it cuts the delivery in flight rather than wait for the handler's answer. */
  signal?: AbortSignal;
}

/** The answer the platform waits for, and no longer: past it the attempt has failed. */
const ANSWER_TIMEOUT_MS = PLATFORM_DELIVERY_DEADLINE_MS;

export async function sendDelivery(
  ctx: SendContext,
  checkId: string,
  form: DeliveryForm,
): Promise<SentDelivery> {
  const params: Record<string, string> = {};
  for (const [k, v] of Object.entries(form)) if (v !== undefined) params[k] = v as string;
  const req = {
    method: 'POST' as const,
    url: ctx.url,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'user-agent': 'TP-Inspector-endpoint-check',
    },
    body: new URLSearchParams(params).toString(),
    params,
    timeoutMs: ANSWER_TIMEOUT_MS,
    whatToCheck: 'the URL given to the check, and that the handler is running',
    maxResponseBytes: 1024 * 1024,
    ...(ctx.dispatcher ? { dispatcher: ctx.dispatcher } : {}),
    ...(ctx.signal ? { signal: ctx.signal } : {}),
  };
  const { record, result } = await sendExchange(ctx, req, {
    summary: (result) =>
      `Endpoint check ${checkId}: POST ${ctx.url} → ${result.status === null ? 'no answer' : result.status}`,
    ...(ctx.profileId ? { profileId: ctx.profileId } : {}),
  });
  const location = result.headers.location;
  return {
    status: result.status,
    ms: result.timing.totalMs,
    ...(result.error ? { error: result.error } : {}),
    ...(result.unreachable ? { unreachable: true } : {}),
    ...(location ? { location } : {}),
    seq: record.seq,
  };
}
