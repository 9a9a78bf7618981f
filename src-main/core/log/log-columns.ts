// The event log's filters (src-shared/rules/log-filter.ts) as tests on the journal's index
// columns: what compileFilter tests on a record, compared as numbers here, so filtering a million
// records reads no record. The text search is not here: it needs the records' text
// (log-text-search.ts).
import type { LogFilter } from '../../../src-shared/contract';
import {
  KINDS,
  SIGNATURES,
  STATUS_CLASSES,
  type Dictionaries,
  type IndexColumns,
} from './journal-index';

const nonEmpty = (v: string | undefined): v is string => v !== undefined && v.trim() !== '';
const DELIVERY = KINDS.indexOf('delivery');
const FORWARD = KINDS.indexOf('forward');

type Test = (i: number) => boolean;

/**
 * The filter's test of a segment's entries (the text search aside). Made per segment so that each
 * test holds its typed array itself: a million calls then stay monomorphic and cheap.
 */
export function compileColumns(
  filter: LogFilter,
  dicts: Dictionaries,
): (segment: IndexColumns) => Test {
  const makers: Array<(c: IndexColumns) => Test> = [];
  const afterSeq = filter.afterSeq ?? 0;
  if (afterSeq > 0)
    makers.push(
      ({ seq }) =>
        (i) =>
          seq[i]! > afterSeq,
    );
  if (filter.kinds && filter.kinds.length > 0) {
    const allowed = new Uint8Array(KINDS.length);
    for (const k of filter.kinds) allowed[KINDS.indexOf(k)] = 1;
    makers.push(
      ({ kind }) =>
        (i) =>
          allowed[kind[i]!] === 1,
    );
  }
  if (filter.deliverySeq !== undefined) {
    const wanted = filter.deliverySeq;
    makers.push(
      ({ kind, deliverySeq }) =>
        (i) =>
          kind[i] === FORWARD && deliverySeq[i] === wanted,
    );
  }
  // A value no record has is -1: no entry holds it, so the test fails for all.
  const byValue = (
    value: string | undefined,
    column: 'eventType' | 'msgType' | 'room' | 'user' | 'contact' | 'profile',
    dict: keyof Dictionaries,
  ) => {
    if (!nonEmpty(value)) return;
    const id = dicts[dict].find(value);
    makers.push((c) => {
      const values = c[column];
      return (i) => values[i] === id;
    });
  };
  byValue(filter.eventType, 'eventType', 'eventTypes');
  byValue(filter.msgType, 'msgType', 'msgTypes');
  byValue(filter.roomId, 'room', 'rooms');
  byValue(filter.userId, 'user', 'users');
  byValue(filter.contactId, 'contact', 'contacts');
  byValue(filter.profileId, 'profile', 'profiles');
  if (filter.signature) {
    const code = SIGNATURES.indexOf(filter.signature);
    makers.push(
      ({ kind, signature }) =>
        (i) =>
          kind[i] === DELIVERY && signature[i] === code,
    );
  }
  if (filter.status) {
    const code = STATUS_CLASSES.indexOf(filter.status);
    makers.push(
      ({ status }) =>
        (i) =>
          status[i] === code,
    );
  }
  return (segment) => {
    const tests = makers.map((make) => make(segment));
    if (tests.length === 0) return () => true;
    if (tests.length === 1) return tests[0]!;
    return (i) => {
      for (const t of tests) if (!t(i)) return false;
      return true;
    };
  };
}
