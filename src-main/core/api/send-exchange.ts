// The one place an exchange is sent and journaled: every call to the platform (the API client's,
// the token endpoint's, the directory URL's otp) and every delivery the engine sends to a handler
// (a forward or a replay, the endpoint check's) goes through here, so each is sent the same way
// (the HTTP client's timeouts, the size limit of what is read, the secret-transport rule) and its
// record is built once: redacted, but otherwise the raw truth. Token choice and the renewal on a
// 401 are the API client's (api-client.ts), above this, for the calls that carry a token.
import type { ApiExchange, ApiRecord } from '../../../src-shared/contract';
import { type Journal, toRawBody, type Redactor } from '../log';
import { sendHttp, type HttpResult, type OutgoingRequest } from './http-client';
import { assertSecretTransport } from './transport-policy';

export interface ExchangeDeps {
  journal: Journal;
  redactor: Redactor;
  /** The largest response read when the request sets none (CoreOptions.apiMaxResponseBytes). */
  maxResponseBytes?: number;
}

interface ExchangeRequest extends OutgoingRequest {
  /** The parameters the journal shows (the body's, a file as its name). */
  params: Record<string, string>;
  /**
   * It carries a credential (the client secret, an otp): HTTPS only, loopback aside
   * (transport-policy.ts, docs/security.md); refused before anything is sent.
   */
  carriesSecret?: boolean;
}

interface Sent<R> {
  record: R;
  result: HttpResult;
}

/** What is done with each answer before it is journaled: a secret it carries is known by then. */
type OnAnswer = (result: HttpResult) => void;

/** Sends `req` and journals it as an `api` record. */
export function sendExchange(
  deps: ExchangeDeps,
  req: ExchangeRequest,
  meta: { summary: (result: HttpResult) => string; profileId?: string; onAnswer?: OnAnswer },
): Promise<Sent<ApiRecord>> {
  return sendExchangeAs(
    deps,
    req,
    (api, result) =>
      deps.journal.append({
        kind: 'api',
        summary: meta.summary(result),
        ...(meta.profileId ? { profileId: meta.profileId } : {}),
        api,
      }) as ApiRecord,
    meta.onAnswer,
  );
}

/**
 * Sends `req` and hands its exchange, built and redacted here, to `journalIt`, which journals the
 * record of the caller's kind (a `forward` record) and returns it.
 */
export async function sendExchangeAs<R>(
  deps: ExchangeDeps,
  req: ExchangeRequest,
  journalIt: (exchange: ApiExchange, result: HttpResult) => R,
  onAnswer?: OnAnswer,
): Promise<Sent<R>> {
  if (req.carriesSecret) assertSecretTransport(req.url);
  const maxResponseBytes = req.maxResponseBytes ?? deps.maxResponseBytes;
  const result = await sendHttp({ ...req, ...(maxResponseBytes ? { maxResponseBytes } : {}) });
  onAnswer?.(result);
  return { record: journalIt(exchangeOf(deps.redactor, req, result), result), result };
}

function exchangeOf(redactor: Redactor, req: ExchangeRequest, result: HttpResult): ApiExchange {
  return {
    method: req.method,
    url: redactor.text(req.url),
    requestHeaders: redactor.headers(req.headers),
    requestParams: redactor.params(req.params),
    status: result.status,
    responseHeaders: redactor.headers(result.headers),
    responseBody: result.body ? toRawBody(result.body, redactor.text) : null,
    timing: result.timing,
    ...(result.error ? { error: result.error } : {}),
    ...(result.resent ? { resent: result.resent } : {}),
  };
}
