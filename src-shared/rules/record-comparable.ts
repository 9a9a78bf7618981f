// A journal record as the parts a person compares with another one: the request line, the headers,
// the parameters or form fields, the status, and the bodies parsed when they are JSON (a delivery's
// `data` field above all, API document §6), so structuralDiff can say which field changed. The
// record's own seq and time are left out: they differ between any two records and say nothing
// of what was sent.
import type { ApiExchange, JournalRecord, RawBody } from '../contract';

/** A body as a value: parsed when it is JSON, its text otherwise, marked when it is base64. */
function bodyValue(body: RawBody | null): unknown {
  if (body === null) return null;
  if (body.encoding === 'base64') return { base64: body.text };
  return jsonOrText(body.text);
}

/** The parsed value of JSON text, or the text itself when it is not JSON. */
function jsonOrText(text: string): unknown {
  if (text.trim() === '') return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function exchange(api: ApiExchange) {
  return {
    request: `${api.method} ${api.url}`,
    requestHeaders: api.requestHeaders,
    requestParams: api.requestParams,
    status: api.status,
    responseHeaders: api.responseHeaders,
    responseBody: bodyValue(api.responseBody),
    ...(api.error !== undefined ? { error: api.error } : {}),
  };
}

/** What of a record is compared, by kind (every kind has one: a grant with a grant, and so on). */
export function comparableRecord(record: JournalRecord): Record<string, unknown> {
  switch (record.kind) {
    case 'api':
      return exchange(record.api);
    case 'forward': {
      const f = record.forward;
      return {
        why: f.why,
        edited: f.edited,
        resigned: f.resigned,
        ...(f.notForwarded !== undefined ? { notForwarded: f.notForwarded.reason } : {}),
        ...exchange(f.exchange),
      };
    }
    case 'delivery': {
      const d = record.delivery;
      return {
        request: `${d.method} ${d.path}`,
        headers: d.headers,
        data: d.form.data === null ? null : jsonOrText(d.form.data),
        form: { signature: d.form.signature, signature_method: d.form.signatureMethod },
        verification: { outcome: d.verification.outcome, method: d.verification.method },
        answer: { status: d.response.status, body: d.response.body, reason: d.response.reason },
        shapeIssues: d.shapeIssues,
        ...(d.error !== undefined ? { error: d.error } : {}),
      };
    }
    case 'auth': {
      const a = record.auth;
      return {
        action: a.action,
        outcome: a.outcome,
        ...(a.detail !== undefined ? { detail: a.detail } : {}),
        ...(a.userId !== undefined ? { userId: a.userId } : {}),
      };
    }
    case 'system':
      return { ...record.system };
    case 'tunnel':
      return { ...record.tunnel };
  }
}
