// Reading platform responses tolerantly: the API document leaves error bodies "not shown", so
// nothing here assumes JSON, and every failure becomes a sentence a person can act on.
import type { HttpResult } from './http-client';

export function parseJsonObject(body: Buffer): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(body.toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * The failure in words, with the platform's own (its error_description, or the start of its body):
 * redacted with `redact`, because the platform may echo what it was sent (the client secret, a
 * code, a token), and the sentence goes to the journal and to the person.
 */
export function describeHttpFailure(
  what: string,
  result: HttpResult,
  json: Record<string, unknown> | null,
  redact: (text: string) => string,
): string {
  return redact(describe(what, result, json));
}

function describe(what: string, result: HttpResult, json: Record<string, unknown> | null): string {
  if (result.status === null)
    return `${what} got no answer: ${result.error ?? 'unknown network error'}`;
  const code = typeof json?.error === 'string' ? json.error : null;
  const description = typeof json?.error_description === 'string' ? json.error_description : null;
  const hint = STATUS_HINTS[result.status] ?? '';
  if (code)
    return `${what} was refused with ${result.status} ${code}${description ? `: ${description}` : ''}.${hint}`;
  if (result.status >= 200 && result.status < 300) {
    return `${what} answered ${result.status} without the expected fields; see the raw body in the event log.`;
  }
  const snippet = result.body ? result.body.toString('utf8').slice(0, 200).trim() : '';
  return `${what} failed with HTTP ${result.status}${snippet ? ` (${snippet})` : ''}.${hint}`;
}

const STATUS_HINTS: Record<number, string> = {
  401: " Check the profile's client id and client secret.",
  403: ' The app is not allowed to do this; check its registered scopes.',
  404: " Check the profile's base URL.",
  429: ' The rate limit was reached; wait for the Retry-After time and try again.',
};
