// One call to the sandbox's simulator API (/_sandbox/, docs/sandbox.md) through undici: JSON in,
// JSON out. A refusal keeps the sandbox's own words (error_description) so the panel can show them.
import { undici } from '../common/lazy-packages';
import { describeNetworkError } from '../api';

export interface SimCall {
  method: 'GET' | 'POST' | 'PATCH';
  path: string;
  body?: unknown;
}

export type SimAnswer =
  | { ok: true; status: number; json: unknown }
  | { ok: false; status: number | null; error: string; description: string };

const TIMEOUT_MS = 20_000;

export async function callSandbox(baseUrl: string, call: SimCall): Promise<SimAnswer> {
  const url = `${baseUrl.replace(/\/+$/, '')}${call.path}`;
  let status: number;
  let text: string;
  try {
    const res = await undici().request(url, {
      method: call.method,
      headers: call.body === undefined ? {} : { 'content-type': 'application/json' },
      ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
      headersTimeout: TIMEOUT_MS,
      bodyTimeout: TIMEOUT_MS,
    });
    status = res.statusCode;
    text = await res.body.text();
  } catch (err) {
    return {
      ok: false,
      status: null,
      error: 'network_error',
      description: describeNetworkError(err, url),
    };
  }
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (status >= 200 && status < 300) return { ok: true, status, json };
  const body = (json ?? {}) as { error?: unknown; error_description?: unknown };
  return {
    ok: false,
    status,
    error: typeof body.error === 'string' ? body.error : `HTTP ${status}`,
    description:
      typeof body.error_description === 'string' ? body.error_description : text.slice(0, 300),
  };
}

/** A path segment, encoded. */
export const seg = (value: string) => encodeURIComponent(value);
