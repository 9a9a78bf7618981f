// Outgoing HTTP through undici, keeping the exact response bytes and the timing of each phase.
import { Readable } from 'node:stream';
import { request, type Dispatcher } from 'undici';
import type { Timing } from '../../../src-shared/contract';
import { phaseTimedAgent, type ConnectionPhases } from './connection-phases';

export interface OutgoingRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  /** A string or buffer, or chunks pulled as the socket takes them (uploads with progress). */
  body?: string | Buffer | AsyncIterable<Uint8Array>;
  timeoutMs?: number;
  /**
   * Measure DNS, TCP connect and TLS on a connection of its own (closed after the call) rather
   * than a pooled one that may already be open: the composer shows these phases.
   */
  measurePhases?: boolean;
  /** What the person should check when nothing answers (default: "the profile's base URL"). */
  whatToCheck?: string;
}

export interface HttpResult {
  status: number | null;
  headers: Record<string, string>;
  body: Buffer | null;
  timing: Timing;
  /** Set when no complete response arrived. */
  error?: string;
}

const DEFAULT_TIMEOUT_MS = 30_000;

export async function sendHttp(req: OutgoingRequest): Promise<HttpResult> {
  const started = performance.now();
  const elapsed = () => performance.now() - started;
  const timeout = req.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let status: number | null = null;
  let headers: Record<string, string> = {};
  let ttfbMs: number | null = null;
  const phases: ConnectionPhases = {};
  const agent = req.measurePhases ? phaseTimedAgent(phases) : null;
  try {
    const res = await request(req.url, {
      method: req.method,
      headers: req.headers,
      body:
        req.body === undefined || typeof req.body === 'string' || Buffer.isBuffer(req.body)
          ? req.body
          : Readable.from(req.body, { objectMode: false }),
      headersTimeout: timeout,
      bodyTimeout: timeout,
      ...(agent ? { dispatcher: agent as Dispatcher } : {}),
    });
    ttfbMs = elapsed();
    status = res.statusCode;
    headers = flattenHeaders(res.headers);
    const body = Buffer.from(await res.body.arrayBuffer());
    const totalMs = elapsed();
    return {
      status,
      headers,
      body,
      timing: { totalMs, ttfbMs, downloadMs: totalMs - ttfbMs, ...phases },
    };
  } catch (err) {
    return {
      status,
      headers,
      body: null,
      timing: { totalMs: elapsed(), ttfbMs, downloadMs: null, ...phases },
      error: describeNetworkError(err, req.url, req.whatToCheck),
    };
  } finally {
    // The connection was opened for this call alone; nothing else will use it.
    if (agent) void agent.destroy().catch(() => {});
  }
}

function flattenHeaders(
  headers: Record<string, string | string[] | undefined>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/** Turns undici/Node network errors into a sentence that says what to check. */
export function describeNetworkError(
  err: unknown,
  url: string,
  whatToCheck = "the profile's base URL",
): string {
  const e = err as { code?: string; cause?: { code?: string }; message?: string };
  const code = e.code ?? e.cause?.code;
  const host = safeHost(url);
  switch (code) {
    case 'ECONNREFUSED':
      return `Nothing is listening at ${host} (connection refused). Check ${whatToCheck}, or start the server.`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `The host name ${host} could not be resolved. Check ${whatToCheck} and your network.`;
    case 'UND_ERR_HEADERS_TIMEOUT':
    case 'UND_ERR_BODY_TIMEOUT':
    case 'UND_ERR_CONNECT_TIMEOUT':
      return `${host} did not answer in time. Try again, or check that the server is up.`;
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
      return `${host} closed the connection before answering. Try again; if it persists, check the server's logs.`;
    default:
      return `The request to ${host} failed: ${e.message ?? String(err)}.`;
  }
}

function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
