// A delivery's record, built from what the receiver saw (the request as it arrived, and what its
// body turned out to be) in one go: every delivery makes one, so each object here is a literal of
// a fixed shape, never a spread followed by more properties (V8 gives every object built that way
// a hidden class of its own: a microsecond each, and garbage for the old generation).
import type {
  DeliveryCapture,
  DeliveryClassification,
  DeliveryVerification,
  RawBody,
} from '../../../src-shared/contract';
import { lateAnswerWords, pastDeadline } from '../../../src-shared/rules/delivery-deadline';
import { parseForm } from './form';
import type { PlannedResponse } from './response-control';

/** What every record of a request holds whatever becomes of it: the request as it arrived. */
export interface Arrival {
  method: string;
  path: string;
  /** Redacted, for the record. */
  headers: Record<string, string>;
  source: { address: string; port: number | null };
  receivedAt: string;
  replayOf: number | undefined;
  replayEdit?: { edited: boolean; resigned: boolean } | undefined;
}

/** What the body turned out to be (see delivery()). */
export interface Findings {
  body: RawBody | null;
  form: DeliveryCapture['form'];
  verification: DeliveryVerification;
  classification: DeliveryClassification;
  shapeIssues: string[];
  forwardTo: string[];
  error?: string | undefined;
  repeatOf?: number | undefined;
}

/**
 * The record's delivery, built as one object (not by spreads: see planResponse) with the fields
 * every record has first.
 */
export function delivery(a: Arrival, f: Findings, planned: PlannedResponse): DeliveryCapture {
  const d: DeliveryCapture = {
    method: a.method,
    path: a.path,
    headers: a.headers,
    source: a.source,
    receivedAt: a.receivedAt,
    form: f.form,
    verification: f.verification,
    classification: f.classification,
    shapeIssues: f.shapeIssues,
    forwardTo: f.forwardTo,
    body: f.body,
    response: {
      status: planned.status,
      body: planned.body,
      delayMs: planned.delayMs,
      reason: planned.reason,
    },
  };
  // The delay is waited after the record is written, so the answer leaves at least this late.
  if (pastDeadline(planned.delayMs))
    d.response.late = lateAnswerWords(planned.status, planned.delayMs);
  if (a.replayOf !== undefined) d.replayOf = a.replayOf;
  if (a.replayEdit !== undefined) d.replayEdit = a.replayEdit;
  if (f.error !== undefined) d.error = f.error;
  if (f.repeatOf !== undefined) d.repeatOf = f.repeatOf;
  return d;
}

/** The findings of a request that is not a delivery: nothing to verify, classify or forward. */
export function notADelivery(body: RawBody | null): Findings {
  return {
    body,
    form: { data: null, signature: null, signatureMethod: null },
    verification: {
      outcome: 'missing',
      method: '',
      explanation: 'Not a delivery: nothing to verify.',
    },
    classification: { category: 'unknown', type: '' },
    shapeIssues: [],
    forwardTo: [],
    error: undefined,
    repeatOf: undefined,
  };
}

export interface FormFields {
  data: string | null;
  signature: string | null;
  signatureMethod: string | null;
  shapeIssues: string[];
}

/** One pass over the form: the first of each documented field, and what is odd about the form. */
export function readForm(text: string): FormFields {
  const shapeIssues: string[] = [];
  let data: string | null = null;
  let signature: string | null = null;
  let signatureMethod: string | null = null;
  let nData = 0;
  let nSignature = 0;
  let nMethod = 0;
  let others: Set<string> | null = null;
  for (const [name, value] of parseForm(text)) {
    if (name === 'data') {
      if (nData++ === 0) data = value;
    } else if (name === 'signature') {
      if (nSignature++ === 0) signature = value;
    } else if (name === 'signature_method') {
      if (nMethod++ === 0) signatureMethod = value;
    } else if (!(others ??= new Set()).has(name)) {
      others.add(name);
      shapeIssues.push(`The form has an undocumented field \`${name}\`.`);
    }
  }
  const repeated = (name: string, n: number) => {
    if (n > 1) shapeIssues.push(`The form has ${n} \`${name}\` fields; the first is used.`);
  };
  repeated('data', nData);
  repeated('signature', nSignature);
  repeated('signature_method', nMethod);
  return { data, signature, signatureMethod, shapeIssues };
}

export function summarize(d: DeliveryCapture): string {
  if (d.error) return `Delivery refused → ${d.response.status}: ${d.error}`;
  const c = d.classification;
  const what =
    c.category === 'message'
      ? `${c.msgType} message${c.userId ? ` from ${c.userId}` : ''}`
      : c.category === 'unknown'
        ? `unknown delivery${c.type ? ` (${c.type})` : ''}`
        : `${c.type}${c.roomId ? ` in ${c.roomId}` : ''}`;
  let flags = `signature ${d.verification.outcome}`;
  if (d.repeatOf) flags += `, repeat of #${d.repeatOf}`;
  if (d.replayOf) flags += `, replay of #${d.replayOf}${replayWords(d.replayEdit)}`;
  if (d.shapeIssues.length) flags += `, ${d.shapeIssues.length} shape issue(s)`;
  if (d.response.late) flags += `, ${d.response.late}`;
  return `Delivery: ${what} → ${d.response.status} (${flags})`;
}

/** How a replay was changed, for its summary: an edited one says whether it was signed again. */
function replayWords(edit: DeliveryCapture['replayEdit']): string {
  if (!edit?.edited) return '';
  return edit.resigned ? ' (edited, signed again)' : ' (edited, old signature)';
}
