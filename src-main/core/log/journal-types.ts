// The journal's shapes, apart from how it is written and read (journal.ts): what callers append,
// the index a query reads, and the Journal every service holds.
import type { JournalRecord } from '../../../src-shared/contract';
import type { Dictionaries, IndexColumns } from './journal-index';

/** A record as callers write it: the journal assigns `seq` and `at`. */
export type NewRecord = JournalRecord extends infer R
  ? R extends JournalRecord
    ? Omit<R, 'seq' | 'at'>
    : never
  : never;

export interface JournalIndex {
  /** The entries in seq order: the first segment's, then the second's. */
  readonly segments: readonly [IndexColumns, IndexColumns];
  readonly dictionaries: Dictionaries;
  /** While the index is still being built: how many of the journal's bytes are indexed. */
  readonly indexing: { done: number; total: number } | null;
}

export interface Journal {
  readonly path: string;
  append(record: NewRecord): JournalRecord;
  /**
   * Like append(), but the line is written together with the other records appended this turn of
   * the event loop (before its I/O callbacks of the next turn). `written` resolves once the line
   * is in the OS, and rejects when the write failed: acknowledge nothing before it. Listeners and
   * list()/get() see the record once it is written.
   */
  appendGrouped(record: NewRecord): { record: JournalRecord; written: Promise<void> };
  /** The newest `limit` records before `beforeSeq` (or the newest of all), oldest first. */
  list(options: { beforeSeq?: number; limit: number }): JournalRecord[];
  get(seq: number): JournalRecord | undefined;
  lastSeq(): number;
  /** Lines that could not be read (a torn last line after a crash, a hand edit), so far. */
  readonly unreadableLines: number;
  /** The index log.query filters on; `opened` tells one opening of a file from another. */
  index(): JournalIndex & { opened: number };
  /**
   * The records of a segment's entries [from, to), read from the file, in order. `unchecked`: as
   * JSON.parse makes them, not checked against the schema (for a list's rows, which toRow reads
   * with a fallback; twice as fast).
   */
  read(segment: IndexColumns, from: number, to: number, unchecked?: boolean): JournalRecord[];
  /** `length` bytes of the file from `position`, for a scan of the records' text. */
  bytes(position: number, length: number): Buffer;
  /**
   * Writes what is pending, saves the index and closes the file. `syncInBackground` leaves the
   * last fdatasync to the thread pool (a session switch: the process goes on, and a blocking sync
   * made each run's start wait for the disk); without it the sync is done before close returns
   * (the app quitting).
   */
  close(options?: { syncInBackground?: boolean }): void;
}
