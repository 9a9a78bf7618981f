// The capture of deliveries at a profile's endpoint URL (platform-api.md 6): every request is
// kept with its exact bytes, headers, source and arrival time, verified, classified and checked
// against the documented shapes, and journaled BEFORE it is answered, so a crash never loses a
// delivery the platform saw acknowledged. Requests that are not deliveries (too large, not a
// form, too slow) get a clear 4xx and a record too. Forward-to runs after the answer.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DeliveryCapture, DeliveryRecord, JournalRecord } from '../contract';
import type { Journal } from '../log/journal';
import type { Redactor } from '../log/redact';
import { toRawBody } from '../log/raw-body';
import type { Profile } from '../profiles/profile-store';
import { classify } from './classify';
import { parseForm } from './form';
import type { Forwarder } from './forward';
import type { InboundSettingsStore } from './inbound-settings';
import { readBody } from './read-body';
import { planResponse, refusal, type PlannedResponse } from './response-control';
import { checkShape } from './shape-check';
import { verifySignature } from './verify-signature';

export const MAX_DELIVERY_BYTES = 25 * 1024 * 1024;
/** A body not complete after this gets a 408 and a record (receiver.ts's requestTimeout is longer). */
export const BODY_TOTAL_TIMEOUT_MS = 45_000;
const FORM_FIELDS = ['data', 'signature', 'signature_method'] as const;
type FormField = (typeof FORM_FIELDS)[number];
const isFormField = (name: string): name is FormField =>
  (FORM_FIELDS as readonly string[]).includes(name);
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
  expectReplay(seq: number): { header: string; record: Promise<DeliveryRecord>; cancel(): void };
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

export function createDeliveryCapture(deps: Deps): DeliveryCaptureService {
  const { journal, redactor, settings, forwarder } = deps;
  const maxBytes = deps.options?.maxBodyBytes ?? MAX_DELIVERY_BYTES;
  const bodyTimeoutMs = deps.options?.bodyTimeoutMs ?? 10_000;
  const bodyTotalTimeoutMs = deps.options?.bodyTotalTimeoutMs ?? BODY_TOTAL_TIMEOUT_MS;
  const random = deps.options?.random ?? Math.random;
  const repeats = createRepeatIndex(journal);
  const replays = new Map<string, { seq: number; resolve: (r: DeliveryRecord) => void }>();

  /** The record, and `written`: nothing about the delivery leaves before it resolves. */
  const record = (
    profile: Profile,
    capture: Omit<DeliveryCapture, 'response'>,
    planned: PlannedResponse,
  ): { rec: DeliveryRecord; written: Promise<void> } => {
    const { contentType: _ignored, ...response } = planned;
    void _ignored;
    const delivery: DeliveryCapture = { ...capture, response };
    // Grouped: a burst of deliveries shares one write, and each is answered after it.
    const { record: rec, written } = journal.appendGrouped({
      kind: 'delivery',
      profileId: profile.id,
      summary: summarize(delivery),
      delivery,
    });
    if (delivery.classification.messageId)
      repeats.add(profile.id, delivery.classification.messageId, rec.seq);
    return { rec: rec as DeliveryRecord, written };
  };

  return {
    expectReplay(seq) {
      const nonce = randomBytes(9).toString('hex');
      let resolve!: (r: DeliveryRecord) => void;
      const promise = new Promise<DeliveryRecord>((r) => (resolve = r));
      replays.set(nonce, { seq, resolve });
      return {
        header: `${seq}.${nonce}`,
        record: promise,
        cancel: () => void replays.delete(nonce),
      };
    },

    async handle(profile, req, res) {
      const receivedAt = new Date().toISOString();
      const rawHeaders = flatten(req.headers);
      const replayMark = parseReplayMark(rawHeaders[REPLAY_HEADER]);
      const replay = replayMark ? replays.get(replayMark.nonce) : undefined;
      if (replay) replays.delete(replayMark!.nonce);
      const base = {
        method: req.method ?? '',
        path: req.url ?? '/',
        headers: redactor.headers(rawHeaders),
        source: { address: req.socket.remoteAddress ?? '', port: req.socket.remotePort ?? null },
        receivedAt,
        form: { data: null, signature: null, signatureMethod: null },
        verification: {
          outcome: 'missing' as const,
          method: '',
          explanation: 'Not a delivery: nothing to verify.',
        },
        classification: { category: 'unknown' as const, type: '' },
        shapeIssues: [] as string[],
        forwardTo: [] as string[],
        ...(replay ? { replayOf: replay.seq } : {}),
      };
      const finish = async (
        { rec, written }: { rec: DeliveryRecord; written: Promise<void> },
        planned: PlannedResponse,
        close = false,
      ) => {
        // Journaled before answered: a crash after this loses nothing the sender saw acknowledged.
        await written;
        replay?.resolve(rec);
        if (planned.delayMs > 0) await sleep(planned.delayMs);
        if (res.destroyed) return;
        res.writeHead(planned.status, {
          'content-type': planned.contentType,
          // A known length spares the chunked framing (and its extra writes) on every answer.
          'content-length': Buffer.byteLength(planned.body),
          'cache-control': 'no-store',
          ...(close ? { connection: 'close' } : {}),
        });
        res.end(planned.body);
      };
      const refuse = (status: number, error: string, body: Buffer | null) => {
        const planned = refusal(status, `${error}\n`);
        const journaled = record(
          profile,
          { ...base, body: body ? toRawBody(body, redactor.text) : null, error },
          planned,
        );
        return finish(journaled, planned, true);
      };

      if (req.method !== 'POST') {
        return refuse(
          405,
          `The endpoint URL takes POST deliveries; this was a ${req.method ?? '?'} request.`,
          Buffer.alloc(0),
        );
      }
      const declared = Number(rawHeaders['content-length'] ?? NaN);
      if (declared > maxBytes) {
        return refuse(413, tooLarge(declared, maxBytes), null);
      }
      const body = await readBody(req, {
        maxBytes,
        timeoutMs: bodyTimeoutMs,
        totalTimeoutMs: bodyTotalTimeoutMs,
      });
      if (body.kind === 'too-large') return refuse(413, tooLarge(body.received, maxBytes), null);
      if (body.kind === 'timeout') {
        return refuse(
          408,
          `The body stalled: no bytes for ${bodyTimeoutMs} ms (${body.bytes.length} bytes came, fewer than announced). The sender is too slow or stuck.`,
          body.bytes,
        );
      }
      if (body.kind === 'too-slow') {
        return refuse(
          408,
          `The body took too long: it was not complete after ${bodyTotalTimeoutMs} ms (${body.bytes.length} bytes came). The sender is too slow; a delivery is expected in one go.`,
          body.bytes,
        );
      }
      if (body.kind === 'aborted') {
        // Nobody is left to answer; the record still says what came.
        void record(
          profile,
          {
            ...base,
            body: toRawBody(body.bytes, redactor.text),
            error: `The sender closed the connection after ${body.bytes.length} bytes, before the body was complete.`,
          },
          refusal(400, 'Incomplete body.'),
        );
        return;
      }
      const bytes = body.bytes;
      const contentType = (rawHeaders['content-type'] ?? '').split(';', 1)[0]!.trim().toLowerCase();
      if (contentType !== 'application/x-www-form-urlencoded') {
        return refuse(
          415,
          `A delivery is application/x-www-form-urlencoded (platform-api.md 6); this request is ${contentType ? JSON.stringify(contentType) : 'without a Content-Type'}.`,
          bytes,
        );
      }
      const text = bytes.toString('utf8');
      // One pass over the form: the first of each documented field, and what is odd about it.
      const shapeIssues: string[] = [];
      const fields: Record<FormField, string | null> = {
        data: null,
        signature: null,
        signature_method: null,
      };
      const counts = new Map<string, number>();
      for (const [name, value] of parseForm(text)) {
        const seen = (counts.get(name) ?? 0) + 1;
        counts.set(name, seen);
        if (isFormField(name)) {
          if (seen === 1) fields[name] = value;
        } else if (seen === 1) {
          shapeIssues.push(`The form has an undocumented field \`${name}\`.`);
        }
      }
      for (const name of FORM_FIELDS) {
        const n = counts.get(name) ?? 0;
        if (n > 1) shapeIssues.push(`The form has ${n} \`${name}\` fields; the first is used.`);
      }
      const rawBody = toRawBody(bytes, redactor.text);
      if (rawBody.encoding !== 'utf8') shapeIssues.push('The body is not valid UTF-8.');
      const { data, signature, signature_method: signatureMethod } = fields;
      const settingsNow = settings.get(profile.id);
      let rsaPublicKeyPem = settingsNow.rsaPublicKeyPem;
      if (!rsaPublicKeyPem && signatureMethod?.toUpperCase() === 'RSA-SHA256' && deps.findRsaKey) {
        rsaPublicKeyPem = await deps.findRsaKey(profile).catch(() => null);
      }
      const verification = verifySignature({
        data,
        signature,
        signatureMethod,
        clientSecret: profile.clientSecret,
        rsaPublicKeyPem,
      });
      const withForm = {
        ...base,
        body: rawBody,
        form: { data, signature, signatureMethod },
        verification,
      };
      if (data === null) {
        return refuse(
          400,
          'The delivery has no `data` field (platform-api.md 6: data, signature, signature_method).',
          bytes,
        );
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(data);
      } catch (err) {
        const error = `The \`data\` field is not JSON (${(err as Error).message}).`;
        const planned = refusal(400, `${error}\n`);
        return finish(
          record(profile, { ...withForm, error, shapeIssues: [...shapeIssues, error] }, planned),
          planned,
          true,
        );
      }
      const classification = classify(parsed);
      shapeIssues.push(...checkShape(parsed, classification));
      const repeatOf = classification.messageId
        ? repeats.get(profile.id, classification.messageId)
        : undefined;
      const planned = planResponse(settingsNow.response, verification.outcome, random);
      const targets = settingsNow.forwards.targets;
      const journaled = record(
        profile,
        {
          ...withForm,
          classification,
          shapeIssues,
          forwardTo: targets,
          ...(repeatOf ? { repeatOf } : {}),
        },
        planned,
      );
      const answered = finish(journaled, planned);
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
      await answered;
    },
  };
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
    get(profileId: string, id: string) {
      sync();
      return seen.get(profileId)?.get(id);
    },
    add(profileId: string, id: string, seq: number) {
      sync();
      const ids = ofProfile(profileId);
      if (!ids.has(id)) ids.set(id, seq);
    },
  };
}

function summarize(d: DeliveryCapture): string {
  if (d.error) return `Delivery refused → ${d.response.status}: ${d.error}`;
  const c = d.classification;
  const what =
    c.category === 'message'
      ? `${c.msgType} message${c.userId ? ` from ${c.userId}` : ''}`
      : c.category === 'unknown'
        ? `unknown delivery${c.type ? ` (${c.type})` : ''}`
        : `${c.type}${c.roomId ? ` in ${c.roomId}` : ''}`;
  const flags = [
    `signature ${d.verification.outcome}`,
    d.repeatOf ? `repeat of #${d.repeatOf}` : '',
    d.replayOf ? `replay of #${d.replayOf}` : '',
    d.shapeIssues.length ? `${d.shapeIssues.length} shape issue(s)` : '',
  ].filter(Boolean);
  return `Delivery: ${what} → ${d.response.status} (${flags.join(', ')})`;
}

function tooLarge(size: number, max: number): string {
  return `The body is larger than the receiver's limit of ${max} bytes (${size} bytes or more); it was not kept.`;
}

function flatten(headers: IncomingMessage['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

function parseReplayMark(value: string | undefined): { nonce: string } | null {
  const m = value ? /^\d+\.([0-9a-f]{18})$/.exec(value) : null;
  return m ? { nonce: m[1]! } : null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
