// The event log: an append-only NDJSON file, one record per line, with the records kept in memory
// for listing. Writes are synchronous (a record is in the OS before append() returns, so whatever
// the engine acknowledges after appending survives a crash of the process); fsync is batched,
// which bounds what a power loss can take to the last flush interval. Format: docs/journal.md.
import {
  closeSync,
  fdatasync,
  fdatasyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  writeSync,
} from 'node:fs';
import { dirname } from 'node:path';
import { JournalRecord } from '../contract';

/** A record as callers write it: the journal assigns `seq` and `at`. */
export type NewRecord = JournalRecord extends infer R
  ? R extends JournalRecord
    ? Omit<R, 'seq' | 'at'>
    : never
  : never;

export interface Journal {
  readonly path: string;
  append(record: NewRecord): JournalRecord;
  /** The newest `limit` records before `beforeSeq` (or the newest of all), oldest first. */
  list(options: { beforeSeq?: number; limit: number }): JournalRecord[];
  get(seq: number): JournalRecord | undefined;
  lastSeq(): number;
  /** Lines that could not be read at open (a torn last line after a crash, a hand edit). */
  readonly unreadableLines: number;
  close(): void;
}

const FSYNC_INTERVAL_MS = 100;

export function openJournal(path: string, onAppend?: (record: JournalRecord) => void): Journal {
  mkdirSync(dirname(path), { recursive: true });
  const records: JournalRecord[] = [];
  let unreadableLines = 0;
  let existing = '';
  try {
    existing = readFileSync(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  for (const line of existing.split('\n')) {
    if (!line.trim()) continue;
    try {
      const parsed = JournalRecord.safeParse(JSON.parse(line));
      if (parsed.success) records.push(parsed.data);
      else unreadableLines++;
    } catch {
      unreadableLines++;
    }
  }
  records.sort((a, b) => a.seq - b.seq);
  let seq = records.at(-1)?.seq ?? 0;

  const fd = openSync(path, 'a', 0o600);
  // A crash can leave a torn last line: start the next record on a line of its own.
  if (existing.length > 0 && !existing.endsWith('\n')) writeSync(fd, '\n');
  let dirty = false;
  let syncing = false;
  // On the thread pool: a synchronous fdatasync would stall every request (deliveries included)
  // for as long as the disk takes.
  const flushTimer = setInterval(() => {
    if (dirty && !syncing) {
      dirty = false;
      syncing = true;
      fdatasync(fd, () => (syncing = false));
    }
  }, FSYNC_INTERVAL_MS);
  flushTimer.unref();
  let closed = false;

  return {
    path,
    unreadableLines,
    append(input) {
      if (closed) throw new Error('The journal is closed.');
      seq += 1;
      const record = { ...input, seq, at: new Date().toISOString() } as JournalRecord;
      writeSync(fd, JSON.stringify(record) + '\n');
      dirty = true;
      records.push(record);
      onAppend?.(record);
      return record;
    },
    list({ beforeSeq, limit }) {
      const end = beforeSeq === undefined ? records.length : lowerBound(records, beforeSeq);
      return records.slice(Math.max(0, end - limit), end);
    },
    get(wanted) {
      const i = lowerBound(records, wanted);
      return records[i]?.seq === wanted ? records[i] : undefined;
    },
    lastSeq: () => seq,
    close() {
      if (closed) return;
      closed = true;
      clearInterval(flushTimer);
      fdatasyncSync(fd);
      closeSync(fd);
    },
  };
}

/** Index of the first record whose seq is >= wanted. */
function lowerBound(records: JournalRecord[], wanted: number): number {
  let lo = 0;
  let hi = records.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (records[mid]!.seq < wanted) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
