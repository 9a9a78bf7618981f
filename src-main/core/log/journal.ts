// The event log: an append-only NDJSON file, one record per line, with the records kept in memory
// for listing (grouped ones as the bytes of their lines until first read). Writes are synchronous (a record is in the OS before append() returns, so whatever
// the engine acknowledges after appending survives a crash of the process); fsync is batched,
// which bounds what a power loss can take to the last flush interval. Deliveries arrive in bursts,
// so they may use appendGrouped(): the records of one turn of the event loop are written with one
// write (group commit), and each caller acknowledges only once `written` has resolved, after that
// write. Format: docs/journal.md.
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
import { JournalRecord } from '../../../src-shared/contract';
import { isoNow } from './iso-now';
import type { Redactor } from './redact';

/** A record as callers write it: the journal assigns `seq` and `at`. */
export type NewRecord = JournalRecord extends infer R
  ? R extends JournalRecord
    ? Omit<R, 'seq' | 'at'>
    : never
  : never;

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
  /** Lines that could not be read at open (a torn last line after a crash, a hand edit). */
  readonly unreadableLines: number;
  close(): void;
}

const FSYNC_INTERVAL_MS = 100;

// The record a journal is telling its listener about, and its line: a listener that sends records
// on as JSON (the headless host's WebSocket) takes the line instead of serialising it again.
let announced: { record: JournalRecord; line: string } | null = null;

/** The JSON line of `record` while the journal's onAppend listener runs for it; else undefined. */
export function lineOf(record: unknown): string | undefined {
  return announced !== null && announced.record === record ? announced.line : undefined;
}

/**
 * Opens (or creates) the journal at `path`. With a redactor, every record appended is redacted of
 * the secrets it knows, in every form, before its line is written: whatever a caller forgot (an
 * error_description echoing a secret, a snippet of a body) never reaches the file, the listener
 * or list().
 */
export function openJournal(
  path: string,
  onAppend?: (record: JournalRecord) => void,
  redactor?: Pick<Redactor, 'holdsSecret' | 'record'>,
): Journal {
  mkdirSync(dirname(path), { recursive: true });
  const records: Kept[] = [];
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
  (records as JournalRecord[]).sort((a, b) => a.seq - b.seq);
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

  // Group commit: records waiting for the one write of their turn, and their lines.
  let pending: JournalRecord[] = [];
  let pendingLines: string[] = [];
  let settle: { resolve: () => void; reject: (err: unknown) => void } | null = null;
  let written: Promise<void> | null = null;
  const stamp = (input: NewRecord): JournalRecord => {
    seq += 1;
    // Not `{ ...input, seq, at }`: V8 gives every object built by a spread followed by more
    // properties a hidden class of its own (a microsecond each, and garbage for the old generation).
    const record = Object.assign({}, input) as JournalRecord;
    record.seq = seq;
    record.at = isoNow();
    return record;
  };
  /**
   * The record as it is kept and its line. The line is scanned, not the record: it is made anyway,
   * and one search of it per form of each secret is cheap on the hot path of deliveries (nothing at
   * all when the engine knows no secret); a record that holds one is redacted and serialised again.
   */
  const redacted = (record: JournalRecord): { record: JournalRecord; line: string } => {
    const line = JSON.stringify(record);
    if (!redactor?.holdsSecret(line)) return { record, line };
    const clean = redactor.record(record);
    return { record: clean, line: JSON.stringify(clean) };
  };
  /** Tells the listener, with the record's line at hand for it (see lineOf). */
  const announce = (record: JournalRecord, line: string) => {
    if (!onAppend) return;
    const outer = announced;
    announced = { record, line };
    try {
      onAppend(record);
    } finally {
      announced = outer;
    }
  };
  /** The record at index i, parsed from its line's bytes on first use and kept parsed. */
  const at = (i: number): JournalRecord => {
    const kept = records[i]!;
    if (!(kept instanceof Line)) return kept;
    const record = JSON.parse(kept.bytes.toString('utf8', kept.start, kept.end)) as JournalRecord;
    records[i] = record;
    return record;
  };
  /** Writes the waiting records (in seq order, before anything appended after them). */
  const flush = () => {
    if (!settle) return;
    const batch = pending;
    const lines = pendingLines;
    const done = settle;
    pending = [];
    pendingLines = [];
    settle = null;
    written = null;
    let kept: Line[];
    try {
      kept = writeLines(fd, batch, lines);
    } catch (err) {
      done.reject(err);
      return;
    }
    dirty = true;
    // A grouped record (a delivery) is kept as the bytes it was written as, outside the JS heap:
    // neither its objects nor a string of its line are copied or marked by the garbage collector
    // for as long as the journal is open. It is parsed again when someone reads it.
    for (let i = 0; i < batch.length; i++) {
      records.push(kept[i]!);
      announce(batch[i]!, lines[i]!);
    }
    done.resolve();
  };

  return {
    path,
    unreadableLines,
    append(input) {
      if (closed) throw new Error('The journal is closed.');
      flush();
      const { record, line } = redacted(stamp(input));
      writeSync(fd, line + '\n');
      dirty = true;
      records.push(record);
      announce(record, line);
      return record;
    },
    appendGrouped(input) {
      if (closed) throw new Error('The journal is closed.');
      const { record, line } = redacted(stamp(input));
      pendingLines.push(line);
      pending.push(record);
      if (!written) {
        written = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
        // Each caller awaits it; this only keeps a failed write from being an unhandled rejection.
        written.catch(() => undefined);
        // After the I/O callbacks of this turn: every delivery whose body ended in it is here.
        setImmediate(flush);
      }
      return { record, written };
    },
    list({ beforeSeq, limit }) {
      const end = beforeSeq === undefined ? records.length : lowerBound(records, beforeSeq);
      const out: JournalRecord[] = [];
      for (let i = Math.max(0, end - limit); i < end; i++) out.push(at(i));
      return out;
    },
    get(wanted) {
      const i = lowerBound(records, wanted);
      return records[i]?.seq === wanted ? at(i) : undefined;
    },
    lastSeq: () => seq,
    close() {
      if (closed) return;
      flush();
      closed = true;
      clearInterval(flushTimer);
      fdatasyncSync(fd);
      closeSync(fd);
    },
  };
}

/** A grouped record kept as the UTF-8 bytes of the line it was written as (see flush). */
class Line {
  constructor(
    readonly seq: number,
    readonly bytes: Buffer,
    readonly start: number,
    readonly end: number,
  ) {}
}
type Kept = JournalRecord | Line;

// The groups' lines are encoded into chunks that are both what is written and what is kept: one
// chunk takes the groups of many turns, so a delivery costs no allocation of its own here. A group
// is written from one chunk with one write; a group too large for a chunk gets a buffer of its own.
const CHUNK_BYTES = 1024 * 1024;
let chunk = Buffer.allocUnsafeSlow(CHUNK_BYTES);
let chunkUsed = 0;

/**
 * Encodes the lines into a chunk (or a buffer of their own), writes them with one write, and
 * returns where each line's bytes are. writeSync may write less than asked (a full disk): the
 * rest follows.
 */
function writeLines(fd: number, batch: JournalRecord[], lines: string[]): Line[] {
  let bound = 0;
  for (const line of lines) bound += line.length * 3 + 1; // UTF-8: at most 3 bytes a UTF-16 unit
  const kept: Line[] = [];
  let bytes: Buffer;
  let start: number;
  let end: number;
  if (bound > CHUNK_BYTES / 4) {
    bytes = Buffer.from(`${lines.join('\n')}\n`, 'utf8');
    start = end = 0;
    for (let i = 0; i < lines.length; i++) {
      const lineEnd = bytes.indexOf(0x0a, end); // JSON escapes newlines: each ends its line
      kept.push(new Line(batch[i]!.seq, bytes, end, lineEnd));
      end = lineEnd + 1;
    }
  } else {
    // The bound is up to three times the bytes: only when it does not fit are they counted.
    if (chunkUsed + bound > CHUNK_BYTES && chunkUsed + utf8Bytes(lines) > CHUNK_BYTES) {
      chunk = Buffer.allocUnsafeSlow(CHUNK_BYTES);
      chunkUsed = 0;
    }
    bytes = chunk;
    start = end = chunkUsed;
    for (let i = 0; i < lines.length; i++) {
      const lineEnd = end + bytes.write(lines[i]!, end, 'utf8');
      bytes[lineEnd] = 0x0a;
      kept.push(new Line(batch[i]!.seq, bytes, end, lineEnd));
      end = lineEnd + 1;
    }
    chunkUsed = end;
  }
  let offset = start;
  while (offset < end) offset += writeSync(fd, bytes, offset, end - offset);
  return kept;
}

function utf8Bytes(lines: string[]): number {
  let n = 0;
  for (const line of lines) n += Buffer.byteLength(line, 'utf8') + 1;
  return n;
}

/** Index of the first record whose seq is >= wanted. */
function lowerBound(records: Kept[], wanted: number): number {
  let lo = 0;
  let hi = records.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (records[mid]!.seq < wanted) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
