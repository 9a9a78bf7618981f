// Writes one HTTP call into the journal as an `api` record: redacted, but otherwise the raw truth.
import type { ApiRecord } from '../../../src-shared/contract';
import type { Journal } from '../log/journal';
import { toRawBody } from '../log/raw-body';
import type { Redactor } from '../log/redact';
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
    api: {
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
    },
  }) as ApiRecord;
}
