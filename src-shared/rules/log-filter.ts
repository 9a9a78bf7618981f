// Which records pass the event log's filter, and a record's list row. Pure and Electron-free: the
// engine runs it over the whole journal (log.query) and the renderer runs the same code on each
// live record (log.appended), so both always agree on what the view shows.
import type { JournalRecord, LogFilter, LogRow, StatusClass } from '../contract';
import { recordConcernsContact } from './record-filter';
import { deliveryPreview } from './record-preview';

/** A filter compiled once per query: the text search as a case-insensitive RegExp, no lowering. */
export interface CompiledFilter {
  test(record: JournalRecord): boolean;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const nonEmpty = (v: string | undefined): v is string => v !== undefined && v.trim() !== '';

/**
 * Whether the filter leaves any record out; `afterSeq` (the view's Clear) counts unless
 * `ignoreCleared`, as the filter bar's own "filtered" does not count it.
 */
export function filterNarrows(filter: LogFilter, ignoreCleared = false): boolean {
  return Object.entries(filter).some(([k, v]) => {
    if (k === 'afterSeq') return !ignoreCleared && typeof v === 'number' && v > 0;
    if (Array.isArray(v)) return v.length > 0;
    return typeof v === 'string' ? v.trim() !== '' : v !== undefined;
  });
}

export function compileFilter(filter: LogFilter): CompiledFilter {
  const kinds = filter.kinds && filter.kinds.length > 0 ? new Set(filter.kinds) : null;
  const text = nonEmpty(filter.text) ? new RegExp(escapeRegExp(filter.text.trim()), 'i') : null;
  const { eventType, msgType, userId, roomId, contactId, signature, status, profileId } = filter;
  const afterSeq = filter.afterSeq ?? 0;
  return {
    test(r) {
      if (r.seq <= afterSeq) return false;
      if (nonEmpty(profileId) && r.profileId !== profileId) return false;
      if (kinds && !kinds.has(r.kind)) return false;
      if (filter.deliverySeq !== undefined) {
        if (r.kind !== 'forward' || r.forward.deliverySeq !== filter.deliverySeq) return false;
      }
      const c = r.kind === 'delivery' ? r.delivery.classification : null;
      if (nonEmpty(eventType) && c?.type !== eventType) return false;
      if (nonEmpty(msgType) && c?.msgType !== msgType) return false;
      if (nonEmpty(roomId) && c?.roomId !== roomId) return false;
      if (nonEmpty(userId) && recordUser(r) !== userId) return false;
      if (nonEmpty(contactId) && !recordConcernsContact(r, contactId)) return false;
      if (signature && (r.kind !== 'delivery' || r.delivery.verification.outcome !== signature)) {
        return false;
      }
      if (status && statusClassOf(r) !== status) return false;
      if (text && !searchable(r).some((s) => s !== undefined && text.test(s))) return false;
      return true;
    },
  };
}

/** The platform user a record concerns, where it names one. */
export function recordUser(r: JournalRecord): string | undefined {
  switch (r.kind) {
    case 'delivery':
      return r.delivery.classification.userId;
    case 'auth':
      return r.auth.userId;
    case 'api':
      return r.api.requestParams.user_id;
    default:
      return undefined;
  }
}

/** The HTTP status a record carries (the call's, the receiver's answer, the target's). */
function recordStatus(r: JournalRecord): number | null | undefined {
  switch (r.kind) {
    case 'api':
      return r.api.status;
    case 'delivery':
      return r.delivery.response.status;
    case 'forward':
      return r.forward.exchange.status;
    default:
      return undefined;
  }
}

export function statusClassOf(r: JournalRecord): StatusClass | undefined {
  const status = recordStatus(r);
  if (status === undefined) return undefined;
  if (status === null) return 'none';
  if (status >= 500) return '5xx';
  if (status >= 400) return '4xx';
  if (status >= 300) return '3xx';
  return '2xx';
}

/** The strings the text search looks in: what a person reads in the row and the detail. */
function searchable(r: JournalRecord): Array<string | undefined> {
  switch (r.kind) {
    case 'api':
      return [
        r.summary,
        r.api.url,
        r.api.error,
        r.api.responseBody?.text,
        ...Object.values(r.api.requestParams),
      ];
    case 'delivery': {
      const d = r.delivery;
      return [
        r.summary,
        d.path,
        d.error,
        d.form.data ?? undefined,
        d.body?.text,
        d.response.body,
        d.verification.explanation,
        ...d.shapeIssues,
      ];
    }
    case 'forward': {
      const x = r.forward.exchange;
      return [r.summary, x.url, x.error, x.responseBody?.text];
    }
    case 'auth':
      return [r.summary, r.auth.detail, r.auth.userId];
    case 'tunnel':
      return [r.summary, r.tunnel.reason, r.tunnel.publicUrl];
    case 'system':
      return [r.summary, r.system.message];
  }
}

function pathOf(url: string): string {
  try {
    const u = new URL(url);
    return `${u.pathname}${u.search}`;
  } catch {
    return url;
  }
}

const withUser = (userId: string | undefined) => (userId ? { userId } : {});
const lateOf = (late: string | undefined) => (late ? { late } : {});

/** The list's line for a record: no bodies, so a page of rows stays small on the wire. */
export function toRow(r: JournalRecord): LogRow {
  const base = { seq: r.seq, at: r.at, kind: r.kind, summary: r.summary };
  switch (r.kind) {
    case 'api':
      return {
        ...base,
        method: r.api.method,
        path: pathOf(r.api.url),
        status: r.api.status,
        totalMs: r.api.timing.totalMs,
        ...withUser(r.api.requestParams.user_id),
      };
    case 'delivery':
      return {
        ...base,
        method: r.delivery.method,
        path: r.delivery.path,
        status: r.delivery.response.status,
        signature: r.delivery.verification.outcome,
        repeatOf: r.delivery.repeatOf,
        replayOf: r.delivery.replayOf,
        ...(r.delivery.replayEdit?.edited ? { replayEdited: true } : {}),
        preview: deliveryPreview(r.delivery),
        ...lateOf(r.delivery.response.late),
      };
    case 'forward':
      return {
        ...base,
        method: r.forward.exchange.method,
        path: r.forward.exchange.url,
        status: r.forward.exchange.status,
        totalMs: r.forward.exchange.timing.totalMs,
        ...lateOf(r.forward.late),
      };
    case 'system':
      return { ...base, level: r.system.level };
    case 'auth':
      return { ...base, ...withUser(r.auth.userId) };
    default:
      return base;
  }
}
