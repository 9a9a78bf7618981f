// The capture of deliveries at a profile's endpoint URL (API document §6): every request is
// kept with its exact bytes, headers, source and arrival time, verified, classified and checked
// against the documented shapes, and journaled BEFORE it is answered, so a crash never loses a
// delivery the platform saw acknowledged. Requests that are not deliveries (too large, not a
// form, too slow) get a clear 4xx and a record too. Forward-to runs after the answer.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type {
  DeliveryRecord,
  InboundSettings,
  JournalRecord,
  RawBody,
} from '../../../src-shared/contract';
import type { Journal } from '../log/journal';
import type { Redactor } from '../log/redact';
import { isoNow } from '../log/iso-now';
import { decodeUtf8, toRawBody } from '../log/raw-body';
import type { Profile } from '../profiles/profile-store';
import { classify } from './classify';
import {
  delivery,
  notADelivery,
  readForm,
  summarize,
  type Arrival,
  type Findings,
  type FormFields,
} from './delivery-record';
import type { Forwarder } from './forward';
import type { InboundSettingsStore } from './inbound-settings';
import { readBody } from './read-body';
import { planResponse, refusal, type PlannedResponse } from './response-control';
import { checkShape } from './shape-check';
import { verifySignature } from './verify-signature';

export const MAX_DELIVERY_BYTES = 25 * 1024 * 1024;
/** A body not complete after this gets a 408 and a record (receiver.ts's requestTimeout is longer). */
export const BODY_TOTAL_TIMEOUT_MS = 45_000;
export const REPLAY_HEADER = 'x-tp-inspector-replay';

export interface DeliveryOptions {
  maxBodyBytes?: number;
  /** How long a body may stall (no bytes) before the sender gets 408 (default 10 s). */
  bodyTimeoutMs?: number;
  /** How long a whole body may take, even while it moves (default 45 s; below the receiver's
   * requestTimeout, so the sender gets this 408 and a record rather than Node's). */
  bodyTotalTimeoutMs?: number;
  /** For the failure rate; tests make it predictable. */
  random?: () => number;
}

export interface DeliveryCaptureService {
  handle(profile: Profile, req: IncomingMessage, res: ServerResponse): Promise<void>;
  /** A header that marks the next request as a replay of `seq`, and the record it becomes. */
  expectReplay(
    seq: number,
    edit?: { edited: boolean; resigned: boolean },
  ): { header: string; record: Promise<DeliveryRecord>; cancel(): void };
}

interface Deps {
  journal: Journal;
  redactor: Redactor;
  settings: InboundSettingsStore;
  forwarder: Forwarder;
  /** Finds a public key for RSA-SHA256 when none is set (the sandbox publishes its own). */
  findRsaKey?: (profile: Profile) => Promise<string | null>;
  options?: DeliveryOptions;
}

type Journaled = { rec: DeliveryRecord; written: Promise<void> };

export function createDeliveryCapture(deps: Deps): DeliveryCaptureService {
  const { journal, redactor, settings, forwarder } = deps;
  const maxBytes = deps.options?.maxBodyBytes ?? MAX_DELIVERY_BYTES;
  const bodyTimeoutMs = deps.options?.bodyTimeoutMs ?? 10_000;
  const bodyTotalTimeoutMs = deps.options?.bodyTotalTimeoutMs ?? BODY_TOTAL_TIMEOUT_MS;
  const random = deps.options?.random ?? Math.random;
  const repeats = createRepeatIndex(journal);
  const replays = new Map<
    string,
    {
      seq: number;
      edit: { edited: boolean; resigned: boolean } | undefined;
      resolve: (r: DeliveryRecord) => void;
    }
  >();

  /** The record, and `written`: nothing about the delivery leaves before it resolves. */
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

  /** A request that is not a delivery: its record, and a 4xx that closes the connection. */
  const refuse = (
    res: ServerResponse,
    profile: Profile,
    arrival: Arrival,
    status: number,
    error: string,
    body: Buffer | null,
    replay: PendingReplay | undefined,
  ) => {
    const planned = refusal(status, `${error}\n`);
    const findings = notADelivery(body ? toRawBody(body, redactor.text) : null);
    findings.error = error;
    return answer(res, record(profile, arrival, findings, planned), planned, true, replay);
  };

  /**
   * Everything about a delivery's form once read, done at once (no await): verification,
   * classification, shape, repeats, the answer to give, and the record.
   */
  const capture = (
    res: ServerResponse,
    profile: Profile,
    arrival: Arrival,
    rawHeaders: Record<string, string>,
    bytes: Buffer,
    body: RawBody,
    { data, signature, signatureMethod, shapeIssues }: FormFields,
    settingsNow: InboundSettings,
    rsaPublicKeyPem: string | null,
    replay: PendingReplay | undefined,
  ): Promise<void> => {
    const verification = verifySignature({
      data,
      signature,
      signatureMethod,
      clientSecret: profile.clientSecret,
      rsaPublicKeyPem,
    });
    const form = { data, signature, signatureMethod };
    if (data === null) {
      const error =
        'The delivery has no `data` field (API document §6: data, signature, signature_method).';
      const planned = refusal(400, `${error}\n`);
      const findings = notADelivery(body);
      findings.error = error;
      return answer(res, record(profile, arrival, findings, planned), planned, true, replay);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch (err) {
      const error = `The \`data\` field is not JSON (${(err as Error).message}).`;
      const planned = refusal(400, `${error}\n`);
      const findings = notADelivery(body);
      findings.form = form;
      findings.verification = verification;
      findings.shapeIssues = [...shapeIssues, error];
      findings.error = error;
      return answer(res, record(profile, arrival, findings, planned), planned, true, replay);
    }
    const classification = classify(parsed);
    for (const issue of checkShape(parsed, classification)) shapeIssues.push(issue);
    const messageId = classification.messageId;
    const seen = messageId ? repeats.of(profile.id) : undefined;
    const repeatOf = messageId ? seen!.get(messageId) : undefined;
    const planned = planResponse(settingsNow.response, verification.outcome, random);
    const targets = settingsNow.forwards.targets;
    const journaled = record(
      profile,
      arrival,
      {
        body,
        form,
        verification,
        classification,
        shapeIssues,
        forwardTo: targets,
        error: undefined,
        repeatOf,
      },
      planned,
    );
    if (messageId && repeatOf === undefined) seen!.set(messageId, journaled.rec.seq);
    // Forwarding is not on the answer's path: the platform's sender never waits for it. It
    // starts once the delivery is journaled (its forward records point at it).
    if (targets.length > 0) {
      journaled.written.then(
        () => {
          for (const url of targets) {
            void forwarder
              .send({
                deliverySeq: journaled.rec.seq,
                profileId: profile.id,
                url,
                body: bytes,
                headers: rawHeaders,
                timeoutMs: settingsNow.forwards.timeoutMs,
                why: 'forward',
              })
              .catch(() => undefined);
          }
        },
        () => undefined,
      );
    }
    return answer(res, journaled, planned, false, replay);
  };

  return {
    expectReplay(seq, edit) {
      const nonce = randomBytes(9).toString('hex');
      let resolve!: (r: DeliveryRecord) => void;
      const promise = new Promise<DeliveryRecord>((r) => (resolve = r));
      replays.set(nonce, { seq, edit, resolve });
      return {
        header: `${seq}.${nonce}`,
        record: promise,
        cancel: () => void replays.delete(nonce),
      };
    },

    async handle(profile, req, res) {
      const receivedAt = isoNow();
      const rawHeaders = stringHeaders(req.headers);
      const replayHeader = rawHeaders[REPLAY_HEADER];
      const replayMark = replayHeader === undefined ? null : parseReplayMark(replayHeader);
      const replay = replayMark ? replays.get(replayMark.nonce) : undefined;
      if (replay) replays.delete(replayMark!.nonce);
      const arrival: Arrival = {
        method: req.method ?? '',
        path: req.url ?? '/',
        headers: redactor.headersShared(rawHeaders),
        source: { address: req.socket.remoteAddress ?? '', port: req.socket.remotePort ?? null },
        receivedAt,
        replayOf: replay?.seq,
        replayEdit: replay?.edit,
      };

      if (req.method !== 'POST') {
        return refuse(
          res,
          profile,
          arrival,
          405,
          `The endpoint URL takes POST deliveries; this was a ${req.method ?? '?'} request.`,
          Buffer.alloc(0),
          replay,
        );
      }
      const declared = Number(rawHeaders['content-length'] ?? NaN);
      if (declared > maxBytes) {
        return refuse(res, profile, arrival, 413, tooLarge(declared, maxBytes), null, replay);
      }
      const body = await readBody(req, {
        maxBytes,
        timeoutMs: bodyTimeoutMs,
        totalTimeoutMs: bodyTotalTimeoutMs,
      });
      switch (body.kind) {
        case 'ok':
          break;
        case 'too-large':
          return refuse(
            res,
            profile,
            arrival,
            413,
            tooLarge(body.received, maxBytes),
            null,
            replay,
          );
        case 'timeout':
          return refuse(
            res,
            profile,
            arrival,
            408,
            `The body stalled: no bytes for ${bodyTimeoutMs} ms (${body.bytes.length} bytes came, fewer than announced). The sender is too slow or stuck.`,
            body.bytes,
            replay,
          );
        case 'too-slow':
          return refuse(
            res,
            profile,
            arrival,
            408,
            `The body took too long: it was not complete after ${bodyTotalTimeoutMs} ms (${body.bytes.length} bytes came). The sender is too slow; a delivery is expected in one go.`,
            body.bytes,
            replay,
          );
        case 'aborted': {
          // Nobody is left to answer; the record still says what came.
          const findings = notADelivery(toRawBody(body.bytes, redactor.text));
          findings.error = `The sender closed the connection after ${body.bytes.length} bytes, before the body was complete.`;
          void record(profile, arrival, findings, refusal(400, 'Incomplete body.'));
          return;
        }
      }
      const bytes = body.bytes;
      const contentType = (rawHeaders['content-type'] ?? '').split(';', 1)[0]!.trim().toLowerCase();
      if (contentType !== 'application/x-www-form-urlencoded') {
        return refuse(
          res,
          profile,
          arrival,
          415,
          `A delivery is application/x-www-form-urlencoded (API document §6); this request is ${contentType ? JSON.stringify(contentType) : 'without a Content-Type'}.`,
          bytes,
          replay,
        );
      }
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
      await capture(
        res,
        profile,
        arrival,
        rawHeaders,
        bytes,
        raw,
        form,
        settingsNow,
        rsaPublicKeyPem,
        replay,
      );
    },
  };
}

type PendingReplay = { seq: number; resolve: (r: DeliveryRecord) => void };

/** Answers once the record is written: a crash after that loses nothing the sender saw acknowledged. */
async function answer(
  res: ServerResponse,
  { rec, written }: Journaled,
  planned: PlannedResponse,
  close: boolean,
  replay: PendingReplay | undefined,
): Promise<void> {
  await written;
  replay?.resolve(rec);
  if (planned.delayMs > 0) await sleep(planned.delayMs);
  if (res.destroyed) return;
  const headers: OutgoingHttpHeaders = {
    'content-type': planned.contentType,
    // A known length spares the chunked framing (and its extra writes) on every answer.
    'content-length': Buffer.byteLength(planned.body),
    'cache-control': 'no-store',
  };
  if (close) headers.connection = 'close';
  res.writeHead(planned.status, headers);
  res.end(planned.body);
}

/** Message id → the seq of its first delivery, per profile; rebuilt when the journal changes file. */
function createRepeatIndex(journal: Journal) {
  let indexedPath = '';
  // Per profile, then by id: every delivery looks its id up, and a key made by joining the two
  // would be a new string to hash each time, in one map as large as the journal.
  const seen = new Map<string, Map<string, number>>();
  const ofProfile = (profileId: string) => {
    let ids = seen.get(profileId);
    if (!ids) seen.set(profileId, (ids = new Map()));
    return ids;
  };
  const sync = () => {
    if (indexedPath === journal.path) return;
    indexedPath = journal.path;
    seen.clear();
    for (const r of journal.list({ limit: Number.MAX_SAFE_INTEGER }) as JournalRecord[]) {
      if (r.kind === 'delivery' && r.delivery.classification.messageId && r.profileId) {
        const ids = ofProfile(r.profileId);
        const id = r.delivery.classification.messageId;
        if (!ids.has(id)) ids.set(id, r.seq);
      }
    }
  };
  return {
    /** Message id → the seq of its first delivery, for one profile in the current journal. */
    of(profileId: string): Map<string, number> {
      sync();
      return ofProfile(profileId);
    },
  };
}

function tooLarge(size: number, max: number): string {
  return `The body is larger than the receiver's limit of ${max} bytes (${size} bytes or more); it was not kept.`;
}

/**
 * The request's headers with every value a string (repeated ones joined with ", "): Node's own
 * object when it has only strings, as it has but for set-cookie, so no copy is made per delivery.
 */
function stringHeaders(headers: IncomingMessage['headers']): Record<string, string> {
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

function parseReplayMark(value: string): { nonce: string } | null {
  const m = /^\d+\.([0-9a-f]{18})$/.exec(value);
  return m ? { nonce: m[1]! } : null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
