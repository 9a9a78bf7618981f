// Forward-to: each delivery is also sent, with its body unchanged byte for byte, to the
// developer's own URLs. Results become `forward` records beside the delivery (docs/journal.md):
// a dead or slow target is an error record after the timeout, never a stall of the receiver.
import { sendHttp } from '../api/http-client';
import type { ForwardRecord } from '../../../src-shared/contract';
import type { Journal } from '../log/journal';
import type { Redactor } from '../log/redact';
import { toRawBody } from '../log/raw-body';
import { REPLAY_HEADER } from './replay-mark';

/**
 * Headers never copied to another hop: those that describe one connection, not the message, and
 * the receiver's own mark on a replay (the developer's server should see what the platform sent).
 */
const NOT_FORWARDED = new Set([
  REPLAY_HEADER,
  'host',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'expect',
  'proxy-authorization',
  'proxy-connection',
]);

export interface ForwardRequest {
  deliverySeq: number;
  profileId: string;
  url: string;
  body: Buffer;
  /** The headers the delivery arrived with (unredacted: they are sent on, not logged). */
  headers: Record<string, string>;
  timeoutMs: number;
  why: 'forward' | 'replay';
  edited?: boolean;
  resigned?: boolean;
}

export interface Forwarder {
  send(req: ForwardRequest): Promise<ForwardRecord>;
}

export function createForwarder(journal: Journal, redactor: Redactor): Forwarder {
  return {
    async send(req) {
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(([name]) => !NOT_FORWARDED.has(name.toLowerCase())),
      );
      const result = await sendHttp({
        method: 'POST',
        url: req.url,
        headers,
        body: req.body,
        timeoutMs: req.timeoutMs,
        whatToCheck: req.why === 'replay' ? 'the replay URL' : 'the forward target URL',
      });
      const what = req.why === 'replay' ? 'Replay' : 'Forward';
      const summary =
        result.status === null
          ? `${what} of delivery #${req.deliverySeq} to ${req.url} failed: ${result.error ?? 'no answer'}`
          : `${what} of delivery #${req.deliverySeq} to ${req.url} → ${result.status}`;
      return journal.append({
        kind: 'forward',
        profileId: req.profileId,
        summary,
        forward: {
          deliverySeq: req.deliverySeq,
          why: req.why,
          edited: req.edited ?? false,
          resigned: req.resigned ?? false,
          exchange: {
            method: 'POST',
            url: req.url,
            requestHeaders: redactor.headers(headers),
            requestParams: {},
            status: result.status,
            responseHeaders: redactor.headers(result.headers),
            responseBody: result.body ? toRawBody(result.body, redactor.text) : null,
            timing: result.timing,
            ...(result.error ? { error: result.error } : {}),
          },
        },
      }) as ForwardRecord;
    },
  };
}

/**
 * A delivery sent on to each forward target once its record is written (the forward records point
 * at it). Not on the answer's path: the platform's sender never waits for it, and a failed forward
 * is its own record.
 */
export function forwardOnceWritten(
  forwarder: Forwarder,
  delivery: { seq: number; written: Promise<void> },
  req: Omit<ForwardRequest, 'deliverySeq' | 'url' | 'why'>,
  targets: readonly string[],
): void {
  if (targets.length === 0) return;
  delivery.written.then(
    () => {
      for (const url of targets) {
        void forwarder
          .send({ ...req, deliverySeq: delivery.seq, url, why: 'forward' })
          .catch(() => undefined);
      }
    },
    () => undefined,
  );
}
