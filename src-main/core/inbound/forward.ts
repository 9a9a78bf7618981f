// Forward-to: each verified delivery is also sent, with its body unchanged byte for byte, to the
// developer's own URLs (forward-guard.ts decides which targets get it and with which headers).
// Results become `forward` records beside the delivery (docs/journal.md): a dead or slow target
// is an error record after the timeout, never a stall of the receiver; a target that does not
// get it is a record saying why. Sent and its exchange built as every call the engine makes is
// (api/send-exchange.ts), with no token: a handler is not the platform.
import { sendExchangeAs } from '../api';
import type { ForwardRecord, NotForwardedReason } from '../../../src-shared/contract';
import { lateForwardWords, pastDeadline } from '../../../src-shared/rules/delivery-deadline';
import { notForwardedWords } from '../../../src-shared/rules/forward-words';
import type { Journal, Redactor } from '../log';
import { decideForward, type ForwardContext } from './forward-guard';

interface ForwardRequest {
  deliverySeq: number;
  profileId: string;
  url: string;
  body: Buffer;
  /** The headers to send (unredacted: they are sent on, not logged): forward-guard.ts's
   * allowlist for a forward, the delivery's content type and user agent for a replay. */
  headers: Record<string, string>;
  timeoutMs: number;
  why: 'forward' | 'replay';
  edited?: boolean;
  resigned?: boolean;
}

export interface Forwarder {
  send(req: ForwardRequest): Promise<ForwardRecord>;
  /** Journals that a delivery was not sent on to `url`, and why. */
  skip(
    req: Pick<ForwardRequest, 'deliverySeq' | 'profileId' | 'url'>,
    reason: NotForwardedReason,
    explanation: string,
  ): ForwardRecord;
}

export function createForwarder(journal: Journal, redactor: Redactor): Forwarder {
  return {
    async send(req) {
      const { headers } = req;
      const what = req.why === 'replay' ? 'Replay' : 'Forward';
      const sent = {
        method: 'POST' as const,
        url: req.url,
        headers,
        params: {},
        body: req.body,
        timeoutMs: req.timeoutMs,
        whatToCheck: req.why === 'replay' ? 'the replay URL' : 'the forward target URL',
      };
      const { record } = await sendExchangeAs({ journal, redactor }, sent, (exchange, result) => {
        // A target is the app's own server: had the platform sent it the delivery, it would not
        // have waited past its deadline for this answer.
        const late =
          result.status !== null && pastDeadline(result.timing.totalMs)
            ? lateForwardWords(result.status, result.timing.totalMs)
            : undefined;
        const summary =
          result.status === null
            ? `${what} of delivery #${req.deliverySeq} to ${req.url} failed: ${result.error ?? 'no answer'}`
            : `${what} of delivery #${req.deliverySeq} to ${req.url} → ${result.status}${late ? ` (${late})` : ''}`;
        return journal.append({
          kind: 'forward',
          profileId: req.profileId,
          summary,
          forward: {
            deliverySeq: req.deliverySeq,
            why: req.why,
            edited: req.edited ?? false,
            resigned: req.resigned ?? false,
            ...(late ? { late } : {}),
            // The forward URL is the developer's own, shown as typed (not through the redactor).
            exchange: { ...exchange, url: req.url },
          },
        }) as ForwardRecord;
      });
      return record;
    },
    skip(req, reason, explanation) {
      const words = notForwardedWords(reason);
      return journal.append({
        kind: 'forward',
        profileId: req.profileId,
        summary: `Delivery #${req.deliverySeq} ${words} (${req.url})`,
        forward: {
          deliverySeq: req.deliverySeq,
          why: 'forward',
          edited: false,
          resigned: false,
          notForwarded: { reason, explanation },
          exchange: {
            method: 'POST',
            url: req.url,
            requestHeaders: {},
            requestParams: {},
            status: null,
            responseHeaders: {},
            responseBody: null,
            timing: { totalMs: 0, ttfbMs: null, downloadMs: null },
            error: `${words[0]!.toUpperCase()}${words.slice(1)}. ${explanation}`,
          },
        },
      }) as ForwardRecord;
    },
  };
}

/**
 * A delivery sent on to each forward target once its record is written (the forward records point
 * at it), or a record saying why not. Not on the answer's path: the platform's sender never waits
 * for it, and a failed forward is its own record. The receiver's URLs are read now, not when the
 * targets were saved: the tunnel's public URL can change since.
 */
export function forwardOnceWritten(
  forwarder: Forwarder,
  delivery: { seq: number; written: Promise<void> },
  req: Omit<ForwardRequest, 'deliverySeq' | 'url' | 'why'>,
  targets: readonly string[],
  context: () => Omit<ForwardContext, 'deliverySeq' | 'incoming'>,
): void {
  if (targets.length === 0) return;
  delivery.written.then(
    () => {
      const c = { ...context(), deliverySeq: delivery.seq, incoming: req.headers };
      for (const url of targets) {
        // Each target on its own: one whose host takes long to resolve holds up no other.
        void decideForward(url, c)
          .then((decision) => {
            const at = { deliverySeq: delivery.seq, profileId: req.profileId, url };
            if (!decision.send) {
              forwarder.skip(at, decision.reason, decision.explanation);
              return;
            }
            return forwarder.send({ ...req, ...at, headers: decision.headers, why: 'forward' });
          })
          .catch(() => undefined);
      }
    },
    () => undefined,
  );
}
