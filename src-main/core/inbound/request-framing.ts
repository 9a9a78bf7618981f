// Reading a request at the endpoint URL up to its form: the method, the size, the body within its
// time limits and the content type (API document §6: a POST of application/x-www-form-urlencoded).
// What is not a delivery comes back as the 4xx to give and the words for its record.
import type { IncomingMessage } from 'node:http';
import { readBody, type BodyResult } from './read-body';

export const MAX_DELIVERY_BYTES = 25 * 1024 * 1024;
/** A body not complete after this gets a 408 and a record (receiver.ts's requestTimeout is longer). */
export const BODY_TOTAL_TIMEOUT_MS = 45_000;

interface FramingLimits {
  maxBytes: number;
  /** How long a body may stall (no bytes). */
  timeoutMs: number;
  /** How long a whole body may take, even while it moves. */
  totalTimeoutMs: number;
}

type Framed =
  /** A complete form body. */
  | { kind: 'form'; bytes: Buffer }
  /** Not a delivery: the status to answer, why, and what came of the body (null: not kept). */
  | { kind: 'refused'; status: number; error: string; body: Buffer | null }
  /** The sender left before the body was complete: nobody to answer. */
  | { kind: 'aborted'; bytes: Buffer };

export function frameRequest(
  req: IncomingMessage,
  rawHeaders: Record<string, string>,
  limits: FramingLimits,
): Promise<Framed> {
  const { maxBytes } = limits;
  if (req.method !== 'POST') {
    return Promise.resolve({
      kind: 'refused',
      status: 405,
      error: `The endpoint URL takes POST deliveries; this was a ${req.method ?? '?'} request.`,
      body: Buffer.alloc(0),
    });
  }
  const declared = Number(rawHeaders['content-length'] ?? NaN);
  if (declared > maxBytes) {
    return Promise.resolve({
      kind: 'refused',
      status: 413,
      error: tooLarge(declared, maxBytes),
      body: null,
    });
  }
  // A then, not an async function awaiting it: one promise and one turn fewer per delivery.
  return readBody(req, limits).then((body) => framed(body, rawHeaders, limits));
}

function framed(
  body: BodyResult,
  rawHeaders: Record<string, string>,
  limits: FramingLimits,
): Framed {
  const { maxBytes } = limits;
  switch (body.kind) {
    case 'ok':
      break;
    case 'too-large':
      return { kind: 'refused', status: 413, error: tooLarge(body.received, maxBytes), body: null };
    case 'timeout':
      return {
        kind: 'refused',
        status: 408,
        error: `The body stalled: no bytes for ${limits.timeoutMs} ms (${body.bytes.length} bytes came, fewer than announced). The sender is too slow or stuck.`,
        body: body.bytes,
      };
    case 'too-slow':
      return {
        kind: 'refused',
        status: 408,
        error: `The body took too long: it was not complete after ${limits.totalTimeoutMs} ms (${body.bytes.length} bytes came). The sender is too slow; a delivery is expected in one go.`,
        body: body.bytes,
      };
    case 'aborted':
      return { kind: 'aborted', bytes: body.bytes };
  }
  const contentType = (rawHeaders['content-type'] ?? '').split(';', 1)[0]!.trim().toLowerCase();
  if (contentType !== 'application/x-www-form-urlencoded') {
    return {
      kind: 'refused',
      status: 415,
      error: `A delivery is application/x-www-form-urlencoded (API document §6); this request is ${contentType ? JSON.stringify(contentType) : 'without a Content-Type'}.`,
      body: body.bytes,
    };
  }
  return { kind: 'form', bytes: body.bytes };
}

function tooLarge(size: number, max: number): string {
  return `The body is larger than the receiver's limit of ${max} bytes (${size} bytes or more); it was not kept.`;
}

/**
 * The request's headers with every value a string (repeated ones joined with ", "): Node's own
 * object when it has only strings, as it has but for set-cookie, so no copy is made per delivery.
 */
export function stringHeaders(headers: IncomingMessage['headers']): Record<string, string> {
  for (const name in headers) {
    if (typeof headers[name] !== 'string') return flatten(headers);
  }
  return headers as Record<string, string>;
}

function flatten(headers: IncomingMessage['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}
