// The journal's index: per record where its line is in the file and the columns the event log
// filters on, in typed arrays (some 50 bytes a record), never the record itself. The records stay
// in the NDJSON and are read by offset when shown (docs/journal.md, "What is on disk, and why"). Strings of a
// column (users, contacts, types, rooms, profiles) are kept once each in a dictionary and a record
// holds their number, so a filter compares numbers.
import type { RecordKind, SignatureOutcome, StatusClass } from '../../../src-shared/contract';

export const KINDS: readonly RecordKind[] = [
  'api',
  'delivery',
  'forward',
  'auth',
  'tunnel',
  'system',
];
/** Code 0 is "none" in both. */
export const SIGNATURES: readonly (SignatureOutcome | '')[] = [
  '',
  'valid',
  'invalid',
  'missing',
  'unsupported',
];
export const STATUS_CLASSES: readonly (StatusClass | '')[] = [
  '',
  '2xx',
  '3xx',
  '4xx',
  '5xx',
  'none',
];

/** The strings of one column, each stored once; number 0 is "none". */
export class Dictionary {
  readonly values: string[] = [''];
  private readonly ids = new Map<string, number>();
  constructor(values: readonly string[] = []) {
    for (const v of values) this.id(v);
  }
  id(value: unknown): number {
    if (typeof value !== 'string') return 0;
    let id = this.ids.get(value);
    if (id === undefined) {
      id = this.values.length;
      this.values.push(value);
      this.ids.set(value, id);
    }
    return id;
  }
  /** The number of a value, or -1 when no record has it (so a filter for it matches nothing). */
  find(value: string): number {
    return this.ids.get(value) ?? -1;
  }
}

export const DICTIONARY_NAMES = [
  'users',
  'contacts',
  'eventTypes',
  'msgTypes',
  'rooms',
  'profiles',
] as const;
export type Dictionaries = Record<(typeof DICTIONARY_NAMES)[number], Dictionary>;
export const newDictionaries = (): Dictionaries => ({
  users: new Dictionary(),
  contacts: new Dictionary(),
  eventTypes: new Dictionary(),
  msgTypes: new Dictionary(),
  rooms: new Dictionary(),
  profiles: new Dictionary(),
});

const FLOAT_COLUMNS = ['offset', 'seq'] as const;
const U32_COLUMNS = [
  'bytes',
  'user',
  'contact',
  'eventType',
  'msgType',
  'room',
  'profile',
  'deliverySeq',
  'message',
] as const;
const U8_COLUMNS = ['kind', 'status', 'signature'] as const;
export const COLUMN_NAMES = [...FLOAT_COLUMNS, ...U32_COLUMNS, ...U8_COLUMNS] as const;
type ColumnName = (typeof COLUMN_NAMES)[number];
type Entry = Record<ColumnName, number>;

/** Index entries in file order, column by column. */
export class IndexColumns {
  length = 0;
  offset = new Float64Array(0);
  seq = new Float64Array(0);
  bytes = new Uint32Array(0);
  user = new Uint32Array(0);
  contact = new Uint32Array(0);
  eventType = new Uint32Array(0);
  msgType = new Uint32Array(0);
  room = new Uint32Array(0);
  profile = new Uint32Array(0);
  deliverySeq = new Uint32Array(0);
  /** A delivery's profile and message id, hashed (messageKey): where to look for repeats. */
  message = new Uint32Array(0);
  kind = new Uint8Array(0);
  status = new Uint8Array(0);
  signature = new Uint8Array(0);

  push(e: Entry): void {
    if (this.length === this.offset.length) this.reserve(Math.max(1024, this.length * 2));
    const i = this.length++;
    // Column by column by name, not a loop over COLUMN_NAMES: every record appended comes here,
    // and a keyed store into arrays of three types is several times slower.
    this.offset[i] = e.offset;
    this.seq[i] = e.seq;
    this.bytes[i] = e.bytes;
    this.user[i] = e.user;
    this.contact[i] = e.contact;
    this.eventType[i] = e.eventType;
    this.msgType[i] = e.msgType;
    this.room[i] = e.room;
    this.profile[i] = e.profile;
    this.deliverySeq[i] = e.deliverySeq;
    this.message[i] = e.message;
    this.kind[i] = e.kind;
    this.status[i] = e.status;
    this.signature[i] = e.signature;
  }
  reserve(capacity: number): void {
    if (capacity <= this.offset.length) return;
    for (const name of COLUMN_NAMES) {
      const old = this[name];
      const grown = new (old.constructor as new (n: number) => typeof old)(capacity);
      grown.set(old.subarray(0, this.length));
      (this as Record<ColumnName, typeof old>)[name] = grown;
    }
  }
  /** Index of the first entry whose seq is >= wanted (entries are in seq order). */
  lowerBound(wanted: number): number {
    let lo = 0;
    let hi = this.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.seq[mid]! < wanted) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
  /** Puts the entries in seq order when a hand edit left them out of it (rare: a copy then). */
  sortBySeq(): void {
    let sorted = true;
    for (let i = 1; i < this.length && sorted; i++) sorted = this.seq[i - 1]! <= this.seq[i]!;
    if (sorted) return;
    const order = Array.from({ length: this.length }, (_, i) => i).sort(
      (a, b) => this.seq[a]! - this.seq[b]!,
    );
    for (const name of COLUMN_NAMES) {
      const old = this[name].slice(0, this.length);
      for (let i = 0; i < order.length; i++) this[name][i] = old[order[i]!]!;
    }
  }
}

type Loose = Record<string, unknown> | undefined;
const obj = (v: unknown): Loose =>
  typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : undefined;
const num = (v: unknown): number => (typeof v === 'number' && Number.isInteger(v) ? v : 0);

function statusClass(status: unknown): number {
  if (status === undefined) return 0;
  if (typeof status !== 'number') return 5; // null: no answer
  if (status >= 500) return 4;
  if (status >= 400) return 3;
  if (status >= 300) return 2;
  return 1;
}

/**
 * The index entry of a parsed line, or null when it is not a record: a cheap check (a positive
 * integer seq, a time, a summary, one of the kinds with its part), not the whole schema, which the
 * record meets when it is read (journal.ts, readRecord). The columns follow the filter's own rules
 * (src-shared/rules/log-filter.ts: recordUser, statusClassOf, recordConcernsContact).
 */
export function entryOf(
  value: unknown,
  offset: number,
  bytes: number,
  dicts: Dictionaries,
): Entry | null {
  const r = obj(value);
  if (!r || typeof r.at !== 'string' || typeof r.summary !== 'string') return null;
  const seq = r.seq;
  if (typeof seq !== 'number' || !Number.isInteger(seq) || seq < 1) return null;
  const kind = KINDS.indexOf(r.kind as RecordKind);
  const part = kind < 0 ? undefined : obj(r[KINDS[kind]!]);
  if (!part) return null;
  const e: Entry = {
    offset,
    bytes,
    seq,
    kind,
    status: 0,
    signature: 0,
    user: 0,
    contact: 0,
    eventType: 0,
    msgType: 0,
    room: 0,
    profile: dicts.profiles.id(r.profileId),
    deliverySeq: 0,
    message: 0,
  };
  switch (KINDS[kind]) {
    case 'api': {
      const params = obj(part.requestParams);
      e.user = dicts.users.id(params?.user_id);
      e.contact = dicts.contacts.id(params?.contact_id);
      e.status = statusClass(part.status);
      break;
    }
    case 'delivery': {
      const c = obj(part.classification);
      e.user = dicts.users.id(c?.userId);
      e.contact = dicts.contacts.id(c?.contactId);
      e.eventType = dicts.eventTypes.id(c?.type);
      e.msgType = dicts.msgTypes.id(c?.msgType);
      e.room = dicts.rooms.id(c?.roomId);
      e.status = statusClass(obj(part.response)?.status);
      e.signature = Math.max(0, SIGNATURES.indexOf(obj(part.verification)?.outcome as never));
      if (typeof c?.messageId === 'string' && typeof r.profileId === 'string') {
        e.message = messageKey(r.profileId, c.messageId);
      }
      break;
    }
    case 'forward':
      e.deliverySeq = num(part.deliverySeq);
      e.status = statusClass(obj(part.exchange)?.status);
      break;
    case 'auth':
      e.user = dicts.users.id(part.userId);
      break;
  }
  return e;
}

/** A delivery's profile and message id as a 32-bit FNV-1a hash (never 0: that is "none"). */
export function messageKey(profileId: string, messageId: string): number {
  let h = 0x811c9dc5;
  const mix = (text: string) => {
    for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  };
  mix(profileId);
  h = Math.imul(h ^ 0, 0x01000193);
  mix(messageId);
  return h >>> 0 || 1;
}
