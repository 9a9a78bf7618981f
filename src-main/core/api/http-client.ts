// Outgoing HTTP through undici, keeping the exact response bytes and the timing of each phase.
import { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import { undici } from '../common/lazy-packages';
import type { Timing } from '../../../src-shared/contract';
import { readLimited, sizeInWords } from '../common/read-limited';
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
  /** The connections to send over, instead of undici's global pool (the endpoint check's). */
  dispatcher?: Dispatcher;
  /** What the person should check when nothing answers (default: "the profile's base URL"). */
  whatToCheck?: string;
  /** The largest response body read (default API_MAX_RESPONSE_BYTES). */
  maxResponseBytes?: number;
  /** Cuts the request short, its answer included: whoever sent it was stopped. */
  signal?: AbortSignal;
}

export interface HttpResult {
  /** Null when no complete response arrived (a body over the limit included). */
  status: number | null;
  headers: Record<string, string>;
  /** Over the size limit: the first bytes, for the journal. */
  body: Buffer | null;
  timing: Timing;
  /** Set when no complete response arrived. */
  error?: string;
  /** Whether no connection was made at all (refused, unknown host, connect timeout): nothing is there. */
  unreachable?: boolean;
  /** Why it was sent a second time (closedWhileIdle), in words. */
  resent?: string;
}

const DEFAULT_TIMEOUT_MS = 30_000;
/**
 * 50 MiB: the largest answer the platform sends is a media list (/tp/resource/list), far below
 * it; files themselves come as URLs, not bodies. A response over it is not the platform's.
 */
const API_MAX_RESPONSE_BYTES = 50 * 1024 * 1024;
/** How much of a response over the limit the journal keeps. */
const KEPT_OF_OVERSIZED = 64 * 1024;

export async function sendHttp(req: OutgoingRequest): Promise<HttpResult> {
  const first = await sendOnce(req);
  if (!first.sendAgain) return first.result;
  // Once only: a second close is the server's doing, and its words say so.
  const second = await sendOnce(req);
  const resent = `${safeHost(req.url)} closed the kept-alive connection of the first try before answering it, so the request had not reached it`;
  return { ...second.result, resent };
}

/**
 * A pooled call that failed because the server closed a kept-alive connection it had answered on
 * before (its idle timeout raced our reuse of it), with no answer to this request: the request did
 * not reach the server, so it is sent once more (the pool has dropped that connection), as browsers
 * do. A fresh connection closed (nothing read on it), a body that cannot be sent twice (a stream)
 * or a connection of the call's own is the server's answer, and stays one.
 */
function closedWhileIdle(req: OutgoingRequest, err: unknown, status: number | null): boolean {
  if (req.measurePhases || status !== null) return false;
  if (req.body !== undefined && typeof req.body !== 'string' && !Buffer.isBuffer(req.body)) {
    return false;
  }
  const e = err as { code?: string; socket?: { bytesRead?: number } };
  return e.code === 'UND_ERR_SOCKET' && (e.socket?.bytesRead ?? 0) > 0;
}

async function sendOnce(req: OutgoingRequest): Promise<{ result: HttpResult; sendAgain: boolean }> {
  const started = performance.now();
  const elapsed = () => performance.now() - started;
  const timeout = req.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let status: number | null = null;
  let headers: Record<string, string> = {};
  let ttfbMs: number | null = null;
  const phases: ConnectionPhases = {};
  const agent = req.measurePhases ? phaseTimedAgent(phases) : null;
  try {
    const res = await undici().request(req.url, {
      method: req.method,
      headers: req.headers,
      body:
        req.body === undefined || typeof req.body === 'string' || Buffer.isBuffer(req.body)
          ? req.body
          : Readable.from(req.body, { objectMode: false }),
      headersTimeout: timeout,
      bodyTimeout: timeout,
      ...(req.signal ? { signal: req.signal } : {}),
      ...(agent
        ? { dispatcher: agent as Dispatcher }
        : req.dispatcher
          ? { dispatcher: req.dispatcher }
          : {}),
    });
    ttfbMs = elapsed();
    status = res.statusCode;
    headers = flattenHeaders(res.headers);
    const maxBytes = req.maxResponseBytes ?? API_MAX_RESPONSE_BYTES;
    const read = await readLimited(res.body, maxBytes);
    const totalMs = elapsed();
    const timing = { totalMs, ttfbMs, downloadMs: totalMs - ttfbMs, ...phases };
    if (read.kind === 'over-limit') {
      const result: HttpResult = {
        // Not a response the caller may act on: it only saw its beginning.
        status: null,
        headers,
        body: read.firstBytes.subarray(0, KEPT_OF_OVERSIZED),
        timing,
        error: `${safeHost(req.url)} answered HTTP ${res.statusCode} with a body over TP Inspector's limit of ${sizeInWords(maxBytes)}; it was not read to the end (the event log keeps its first bytes). This is not an answer the platform gives: check the profile's base URL.`,
      };
      return { result, sendAgain: false };
    }
    return { result: { status, headers, body: read.bytes, timing }, sendAgain: false };
  } catch (err) {
    const result: HttpResult = {
      status,
      headers,
      body: null,
      timing: { totalMs: elapsed(), ttfbMs, downloadMs: null, ...phases },
      error: describeNetworkError(err, req.url, req.whatToCheck),
      ...(isUnreachable(err) ? { unreachable: true } : {}),
    };
    return { result, sendAgain: closedWhileIdle(req, err, status) };
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

const NO_CONNECTION = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** No connection was made: unlike a connection the server accepted, then closed or reset. */
function isUnreachable(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return NO_CONNECTION.has(e.code ?? e.cause?.code ?? '');
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
  if (code === 'UND_ERR_ABORTED' || (err as Error | undefined)?.name === 'AbortError')
    return `The request to ${host} was stopped before it was answered: what sent it was stopped.`;
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
