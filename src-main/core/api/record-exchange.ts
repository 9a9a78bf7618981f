// One HTTP call as the journal keeps it: redacted, but otherwise the raw truth. exchangeOf() is
// the one place the exchange is built, for an `api` record and a `forward` record alike.
import type { ApiExchange, ApiRecord } from '../../../src-shared/contract';
import { type Journal, toRawBody, type Redactor } from '../log';
import type { HttpResult, OutgoingRequest } from './http-client';

export function recordExchange(
  journal: Journal,
  redactor: Redactor,
  req: OutgoingRequest & { params: Record<string, string> },
  result: HttpResult,
  meta: { summary: string; profileId?: string },
): ApiRecord {
  return journal.append({
    kind: 'api',
    summary: meta.summary,
    ...(meta.profileId ? { profileId: meta.profileId } : {}),
    api: exchangeOf(redactor, req, result),
  }) as ApiRecord;
}

export function exchangeOf(
  redactor: Redactor,
  req: Pick<OutgoingRequest, 'method' | 'url' | 'headers'> & { params: Record<string, string> },
  result: HttpResult,
): ApiExchange {
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
