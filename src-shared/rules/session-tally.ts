// Two journal sessions compared by counts (sessions.compare): each session's records are tallied
// as they are read, by kind, outcome and signature result, and grouped with the records alike
// (the same kind, request, type and outcome), so the groups one session has more of than the other
// name the records that differ, e.g. the sends that failed today and passed yesterday. Pure: the
// engine streams the records in; the session files are untrusted, so what is kept is capped.
import type { JournalRecord, SessionCounts, SessionDifference } from '../contract';
import { statusClassOf } from './log-filter';

/** Groups kept per session; records of further groups are counted under OTHER_GROUP. */
export const MAX_GROUPS = 10_000;
export const OTHER_GROUP = '(records of other kinds, past the groups counted)';
/** Records listed per group and side. */
export const LISTED_PER_GROUP = 20;
/** Differences answered at most (the total is counted). */
const MAX_DIFFERENCES = 200;

interface Group {
  count: number;
  records: Array<{ seq: number; summary: string }>;
}

export interface SessionTally {
  counts: SessionCounts;
  groups: Map<string, Group>;
}

export function newTally(): SessionTally {
  return {
    counts: { records: 0, kinds: {}, outcomes: {}, signatures: {} },
    groups: new Map(),
  };
}

/** A URL's path without its query (ids sent as parameters would make every call its own). */
function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url.split('?')[0] ?? url;
  }
}

/** The record's outcome in a word: its status class, a grant's outcome, a note's level. */
function recordOutcome(r: JournalRecord): string {
  switch (r.kind) {
    case 'api':
    case 'delivery':
    case 'forward':
      return statusClassOf(r) ?? 'none';
    case 'auth':
      return r.auth.outcome;
    case 'system':
      return r.system.level;
    case 'tunnel':
      return r.tunnel.state;
  }
}

/** What makes records alike across sessions: `delivery text/text 2xx valid`, `api POST /tp/token 2xx`. */
export function recordGroup(r: JournalRecord): string {
  const outcome = recordOutcome(r);
  switch (r.kind) {
    case 'api':
      return `api ${r.api.method} ${pathOf(r.api.url)} ${outcome}`;
    case 'delivery': {
      const c = r.delivery.classification;
      const type = c.type || c.category;
      // A message's data type is its msg_type (`text`); a room's event has none of its own.
      const kind = c.msgType && c.msgType !== type ? `${type}/${c.msgType}` : type;
      return `delivery ${kind} ${outcome} ${r.delivery.verification.outcome}`;
    }
    case 'forward':
      return `forward ${r.forward.why} ${outcome}`;
    case 'auth':
      return `auth ${r.auth.action} ${outcome}`;
    case 'system':
    case 'tunnel':
      return `${r.kind} ${outcome}`;
  }
}

const bump = (counts: Record<string, number>, key: string) => {
  counts[key] = (counts[key] ?? 0) + 1;
};

export function tallyRecord(tally: SessionTally, r: JournalRecord): void {
  const { counts, groups } = tally;
  counts.records++;
  bump(counts.kinds, r.kind);
  bump(counts.outcomes, `${r.kind} ${recordOutcome(r)}`);
  if (r.kind === 'delivery') bump(counts.signatures, r.delivery.verification.outcome);
  let key = recordGroup(r);
  if (!groups.has(key) && groups.size >= MAX_GROUPS) key = OTHER_GROUP;
  let group = groups.get(key);
  if (!group) groups.set(key, (group = { count: 0, records: [] }));
  group.count++;
  if (group.records.length < LISTED_PER_GROUP)
    group.records.push({ seq: r.seq, summary: r.summary });
}

/** The groups whose counts differ, most differing first (then by name), the first MAX_DIFFERENCES. */
export function compareTallies(
  left: SessionTally,
  right: SessionTally,
): { differences: SessionDifference[]; total: number } {
  const keys = new Set([...left.groups.keys(), ...right.groups.keys()]);
  const all: SessionDifference[] = [];
  for (const key of keys) {
    const l = left.groups.get(key);
    const r = right.groups.get(key);
    if ((l?.count ?? 0) === (r?.count ?? 0)) continue;
    all.push({
      key,
      left: l?.count ?? 0,
      right: r?.count ?? 0,
      leftRecords: l?.records ?? [],
      rightRecords: r?.records ?? [],
    });
  }
  all.sort(
    (a, b) => Math.abs(b.left - b.right) - Math.abs(a.left - a.right) || (a.key < b.key ? -1 : 1),
  );
  return { differences: all.slice(0, MAX_DIFFERENCES), total: all.length };
}
