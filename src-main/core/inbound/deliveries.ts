// The capture of deliveries at a profile's endpoint URL (API document §6): every request is
// kept with its exact bytes, headers, source and arrival time, verified, classified and checked
// against the documented shapes, and journaled BEFORE it is answered, so a crash never loses a
// delivery the platform saw acknowledged. Requests that are not deliveries (too large, not a
// form, too slow) get a clear 4xx and a record too. Forward-to runs after the answer, for verified
// deliveries (forward-guard.ts).
// The steps live beside: request-framing.ts (read and frame), examine-delivery.ts (verify,
// classify, shape-check, plan the answer), answer-delivery.ts, forward.ts, replay-mark.ts.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DeliveryRecord } from '../../../src-shared/contract';
import { type Journal, type Redactor, isoNow, decodeUtf8, toRawBody } from '../log';
import type { Profile } from '../profiles';
import { answer, type Journaled } from './answer-delivery';
import {
  delivery,
  notADelivery,
  readForm,
  summarize,
  type Arrival,
  type Findings,
} from './delivery-record';
import { examineDelivery } from './examine-delivery';
import { forwardOnceWritten, type Forwarder } from './forward';
import { FORWARD_HEADER } from './forward-guard';
import type { InboundSettingsStore } from './inbound-settings';
import { createRepeatIndex } from './repeat-index';
import { createReplayMarks, REPLAY_HEADER, type ReplayEdit } from './replay-mark';
import {
  BODY_TOTAL_TIMEOUT_MS,
  frameRequest,
  MAX_DELIVERY_BYTES,
  stringHeaders,
} from './request-framing';
import type { RateCapOptions } from './rate-cap';
import { refusal, type PlannedResponse } from './response-control';

export { MAX_DELIVERY_BYTES, REPLAY_HEADER };

export interface DeliveryOptions {
  maxBodyBytes?: number;
  /** How long a body may stall (no bytes) before the sender gets 408 (default 10 s). */
  bodyTimeoutMs?: number;
  /** How long a whole body may take, even while it moves (default 45 s; below the receiver's
   * requestTimeout, so the sender gets this 408 and a record rather than Node's). */
  bodyTotalTimeoutMs?: number;
  /** For the failure rate; tests make it predictable. */
  random?: () => number;
  /**
   * The per-source cap on deliveries from the public edge (inbound-service.ts; default
   * DEFAULT_RATE_CAP); null turns it off.
   */
  rateCap?: RateCapOptions | null;
  /** How often a source gets a summary of its refused requests (default 10 s; tests shorten it). */
  refusalSummaryMs?: number;
}

export interface DeliveryCaptureService {
  handle(profile: Profile, req: IncomingMessage, res: ServerResponse): Promise<void>;
  /** A header that marks the next request as a replay of `seq`, and the record it becomes. */
  expectReplay(
    seq: number,
    edit?: ReplayEdit,
  ): { header: string; record: Promise<DeliveryRecord>; cancel(): void };
}

interface Deps {
  journal: Journal;
  redactor: Redactor;
  settings: InboundSettingsStore;
  forwarder: Forwarder;
  /** Where this receiver is reached (its loopback base URL, its public URLs), read at each
   * forward: a target there is refused. */
  receiverUrls: () => { receiverBaseUrl: string; publicUrls: string[] };
  /** Finds a public key for RSA-SHA256 when none is set (the sandbox publishes its own). */
  findRsaKey?: (profile: Profile) => Promise<string | null>;
  options?: DeliveryOptions;
}

export function createDeliveryCapture(deps: Deps): DeliveryCaptureService {
  const { journal, redactor, settings, forwarder } = deps;
  const limits = {
    maxBytes: deps.options?.maxBodyBytes ?? MAX_DELIVERY_BYTES,
    timeoutMs: deps.options?.bodyTimeoutMs ?? 10_000,
    totalTimeoutMs: deps.options?.bodyTotalTimeoutMs ?? BODY_TOTAL_TIMEOUT_MS,
  };
  const random = deps.options?.random ?? Math.random;
  const repeats = createRepeatIndex(journal);
  const replays = createReplayMarks();

  const record = (
    profile: Profile,
    arrival: Arrival,
    findings: Findings,
    planned: PlannedResponse,
  ): Journaled => {
    const d = delivery(arrival, findings, planned);
    // Grouped: a burst of deliveries shares one write, and each is answered after it.
    const { record: rec, written } = journal.appendGrouped({
      kind: 'delivery',
      profileId: profile.id,
      summary: summarize(d),
      delivery: d,
    });
    return { rec: rec as DeliveryRecord, written };
  };

  return {
    expectReplay: (seq, edit) => replays.expect(seq, edit),

    async handle(profile, req, res) {
      const receivedAt = isoNow();
      const rawHeaders = stringHeaders(req.headers);
      const replay = replays.take(rawHeaders[REPLAY_HEADER]);
      const arrival: Arrival = {
        method: req.method ?? '',
        path: req.url ?? '/',
        headers: redactor.headersShared(rawHeaders),
        source: { address: req.socket.remoteAddress ?? '', port: req.socket.remotePort ?? null },
        receivedAt,
        replayOf: replay?.seq,
        replayEdit: replay?.edit,
      };

      const framed = await frameRequest(req, rawHeaders, limits);
      if (framed.kind === 'aborted') {
        // Nobody is left to answer; the record still says what came.
        const findings = notADelivery(toRawBody(framed.bytes, redactor.text));
        findings.error = `The sender closed the connection after ${framed.bytes.length} bytes, before the body was complete.`;
        void record(profile, arrival, findings, refusal(400, 'Incomplete body.'));
        return;
      }
      if (framed.kind === 'refused') {
        // A request that is not a delivery: its record, and a 4xx that closes the connection.
        const planned = refusal(framed.status, `${framed.error}\n`);
        const findings = notADelivery(framed.body ? toRawBody(framed.body, redactor.text) : null);
        findings.error = framed.error;
        return answer(res, record(profile, arrival, findings, planned), planned, true, replay);
      }
      const bytes = framed.bytes;
      // Decoded once: the form is read from this text, and the record keeps it (when it is UTF-8).
      const strict = decodeUtf8(bytes);
      const form = readForm(strict ?? bytes.toString('utf8'));
      const raw = toRawBody(bytes, redactor.text, strict);
      if (raw.encoding !== 'utf8') form.shapeIssues.push('The body is not valid UTF-8.');
      const settingsNow = settings.get(profile.id);
      let rsaPublicKeyPem = settingsNow.rsaPublicKeyPem;
      const method = form.signatureMethod;
      if (!rsaPublicKeyPem && method?.toUpperCase() === 'RSA-SHA256' && deps.findRsaKey) {
        rsaPublicKeyPem = await deps.findRsaKey(profile).catch(() => null);
      }

      // From here to the record, no await: deliveries are recorded (and repeats told) in order.
      const examined = examineDelivery(profile, raw, form, settingsNow, rsaPublicKeyPem, random);
      if (examined.kind === 'refused') {
        const { findings, planned } = examined;
        return answer(res, record(profile, arrival, findings, planned), planned, true, replay);
      }
      const { findings, planned, messageId } = examined;
      // A replay is TP Inspector's own, and its record says so (replayOf): its message id is the
      // original's on purpose, so it is not told as a repeat (which reads as the platform's retry),
      // nor kept as the first delivery of an id.
      const seen = messageId && !replay ? repeats.of(profile.id) : undefined;
      findings.repeatOf = messageId && seen ? seen.get(messageId) : undefined;
      const journaled = record(profile, arrival, findings, planned);
      if (messageId && seen && findings.repeatOf === undefined)
        seen.set(messageId, journaled.rec.seq);
      forwardOnceWritten(
        forwarder,
        { seq: journaled.rec.seq, written: journaled.written },
        {
          profileId: profile.id,
          body: bytes,
          headers: rawHeaders,
          timeoutMs: settingsNow.forwards.timeoutMs,
        },
        findings.forwardTo,
        () => ({
          ...deps.receiverUrls(),
          outcome: findings.verification.outcome,
          looped: rawHeaders[FORWARD_HEADER] !== undefined,
          forwardUnverified: settingsNow.forwards.forwardUnverified,
        }),
      );
      return answer(res, journaled, planned, false, replay);
    },
  };
}
