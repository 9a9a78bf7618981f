// The event log: an append-only NDJSON file, one record per line, the one source of truth. The
// engine keeps an index of it (journal-index.ts: where each line is and the columns log.query
// filters on), never the records: a record is read from the file by offset when it is shown.
// Writes are synchronous (a record is in the OS before append() returns, so whatever the engine
// acknowledges after appending survives a crash of the process); fsync is batched, which bounds
// what a power loss can take to the last sync interval (journal-periodic-sync.ts). Deliveries
// arrive in bursts, so they may use appendGrouped(): the records of one turn of the event loop are
// written with one write, and each caller acknowledges only once `written` has resolved, after
// that write (journal-group-commit.ts). Opening loads the index saved beside the journal and reads
// the newest records at once (journal-open-index.ts); the rest is indexed in the background
// (journal-index-build.ts). Format and what is on disk: docs/journal.md.
import {
  closeSync,
  fdatasync,
  fdatasyncSync,
  fstatSync,
  mkdirSync,
  openSync,
  writeSync,
} from 'node:fs';
import { dirname } from 'node:path';
import { JournalRecord } from '../../../src-shared/contract';
import { isoNow } from './iso-now';
import { entryOf, IndexColumns } from './journal-index';
import { GroupCommit } from './journal-group-commit';
import { IndexBuild } from './journal-index-build';
import { LineWriter, parseRecord, readAt, uncheckedRecord } from './journal-lines';
import { lineIndexer, openIndex, saveIndex } from './journal-open-index';
import { PeriodicSync } from './journal-periodic-sync';
import { sortBySeqKeepingText } from './block-text-filter';
import { followTextTail } from './journal-text-tail';
import type { Redactor } from './redact';

export type { Journal, JournalIndex, NewRecord } from './journal-types';
import type { Journal, NewRecord } from './journal-types';

/**
 * Hears each record once it is written, with the JSON line the journal wrote for it: a listener
 * that sends records on as JSON (the host's WebSocket, the window's IPC) sends that line rather
 * than serialise the record again.
 */
export type JournalListener = (record: JournalRecord, line: string) => void;

const FSYNC_INTERVAL_MS = 100;
/**
 * The most records one group write holds: the deliveries of some 32 connections at once. Fewer
 * made more writes, each a system call on every delivery's path (slower still while the periodic
 * fdatasync holds the file); more keeps the first senders of a burst waiting for the last.
 */
const GROUP_RECORDS = 32;
/**
 * Read and indexed at open, before anything else: some 900 records the size the app writes, the
 * newest pages (more makes a large journal's start slower).
 */
const TAIL_BYTES = 1024 * 1024;
/** The background build yields to other work (queries, deliveries) this often. */
const SLICE_MS = 25;
/** The background build starts this long after the journal is opened. */
const BUILD_AFTER_MS = 1000;
/** While the index is built, it is saved this often (bytes of the journal indexed since). */
const SAVE_EVERY_BYTES = 64 * 1024 * 1024;
/**
 * Records just appended, kept whole: the event log and the runner read them right away; older
 * ones are read from the file. Few: a record kept past the next minor GC is copied into the old
 * generation, and under a burst of deliveries keeping many made the GC's pauses much longer.
 */
const RECENT = 64;
let openings = 0;

/**
 * Opens (or creates) the journal at `path`. With a redactor, every record appended is redacted of
 * the secrets it knows, in every form, before its line is written: whatever a caller forgot (an
 * error_description echoing a secret, a snippet of a body) never reaches the file, the listener
 * or list(). `notice` hears what a person running the host should know (an index rebuilt).
 * `saveEveryBytes`: how often the index is saved while it is built (tests make it small);
 * `groupRecords`: the most records appendGrouped writes at once.
 */
export function openJournal(
  path: string,
  onAppend?: JournalListener,
  redactor?: Pick<Redactor, 'holdsSecret' | 'record'>,
  notice?: (message: string) => void,
  {
    saveEveryBytes = SAVE_EVERY_BYTES,
    groupRecords = GROUP_RECORDS,
  }: { saveEveryBytes?: number; groupRecords?: number } = {},
): Journal {
  mkdirSync(dirname(path), { recursive: true });
  const fd = openSync(path, 'a', 0o600);
  const readFd = openSync(path, 'r');
  const opened = ++openings;
  let size = fstatSync(readFd).size;
  // A crash can leave a torn last line: start the next record on a line of its own.
  if (size > 0 && readAt(readFd, size - 1, 1)[0] !== 0x0a) size += writeSync(fd, '\n');

  const index = openIndex(path, readFd, size, TAIL_BYTES, notice);
  const { early, late, dictionaries: dicts, unreadable } = index;
  let seq = index.lastSeq;
  const recent = new Map<number, JournalRecord>();
  const textTail = followTextTail(late, readFd);
  let closed = false;

  let build: IndexBuild | null = null;
  const save = () =>
    saveIndex(path, readFd, index, { built: build ? build.progress.done : null, size }, notice);
  if (index.rest) {
    build = new IndexBuild(index.rest, lineIndexer(early, dicts, unreadable, 'fromStart'), {
      sliceMs: SLICE_MS,
      saveEveryBytes,
      save,
      finished: () => {
        build = null;
        sortBySeqKeepingText(early);
        save();
        notice?.(`The index of ${path} is built: ${early.length + late.length} records.`);
      },
    });
    build.start(BUILD_AFTER_MS);
  }

  const periodicSync = new PeriodicSync(fd, FSYNC_INTERVAL_MS);
  const lineWriter = new LineWriter();
  const stamp = (input: NewRecord): JournalRecord => {
    seq += 1;
    // Not `{ ...input, seq, at }`: V8 gives every object built by a spread followed by more
    // properties a hidden class of its own (slower, and garbage for the old generation).
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
  /**
   * Writes records with one write, indexes them and keeps them whole for a while. Every record of
   * a write is indexed before the listener hears of any (tell: a listener may append, which writes
   * again). Their lines go into the full-text filter later (textTail).
   */
  const writeRecords = (records: JournalRecord[], lines: string[]) => {
    const lengths = lineWriter.write(fd, lines);
    periodicSync.written();
    let at = size;
    for (let i = 0; i < records.length; i++) {
      const record = records[i]!;
      late.push(entryOf(record, at, lengths[i]!, dicts)!);
      recent.set(record.seq, record);
      if (recent.size > RECENT) recent.delete(recent.keys().next().value!);
      at += lengths[i]! + 1;
    }
    // The file's size before any listener runs: one told of these records may append another.
    size = at;
  };
  const tell = (records: JournalRecord[], lines: string[]) => {
    if (onAppend) for (let i = 0; i < records.length; i++) onAppend(records[i]!, lines[i]!);
  };
  const group = new GroupCommit<JournalRecord>(groupRecords, writeRecords, tell);

  const readRecords = (
    segment: IndexColumns,
    from: number,
    to: number,
    unchecked = false,
  ): JournalRecord[] => {
    const out: JournalRecord[] = [];
    if (to <= from) return out;
    const first = segment.offset[from]!;
    const span = segment.offset[to - 1]! + segment.bytes[to - 1]! - first;
    // A run of neighbours (a page of the list) is one read; scattered entries are one each.
    const run = span <= 8 * 1024 * 1024 ? readAt(readFd, first, span) : null;
    for (let i = from; i < to; i++) {
      const s = segment.seq[i]!;
      const known = recent.get(s);
      if (known) {
        out.push(known);
        continue;
      }
      const at = segment.offset[i]! - first;
      const text = run
        ? run.toString('utf8', at, at + segment.bytes[i]!)
        : readAt(readFd, segment.offset[i]!, segment.bytes[i]!).toString('utf8');
      out.push(unchecked ? uncheckedRecord(text, s) : parseRecord(text, s));
    }
    return out;
  };
  /** Position among all entries of the first whose seq is >= wanted. */
  const lowerBound = (wanted: number) => {
    const i = early.lowerBound(wanted);
    return i < early.length ? i : early.length + late.lowerBound(wanted);
  };
  const readPositions = (from: number, to: number): JournalRecord[] => {
    const split = early.length;
    return [
      ...readRecords(early, Math.min(from, split), Math.min(to, split)),
      ...readRecords(late, Math.max(0, from - split), Math.max(0, to - split)),
    ];
  };

  return {
    path,
    get unreadableLines() {
      return unreadable.fromStart + unreadable.tail;
    },
    append(input) {
      if (closed) throw new Error('The journal is closed.');
      // Records waiting for their group's write come first: the file stays in seq order.
      group.flush();
      const { record, line } = redacted(stamp(input));
      writeRecords([record], [line]);
      tell([record], [line]);
      return record;
    },
    appendGrouped(input) {
      if (closed) throw new Error('The journal is closed.');
      group.makeRoom();
      const { record, line } = redacted(stamp(input));
      return { record, written: group.add(record, line) };
    },
    list({ beforeSeq, limit }) {
      const total = early.length + late.length;
      const end = beforeSeq === undefined ? total : lowerBound(beforeSeq);
      return readPositions(Math.max(0, end - limit), end);
    },
    get(wanted) {
      const known = recent.get(wanted);
      if (known) return known;
      const p = lowerBound(wanted);
      const [segment, i] = p < early.length ? [early, p] : [late, p - early.length];
      return i < segment.length && segment.seq[i] === wanted
        ? readRecords(segment, i, i + 1)[0]
        : undefined;
    },
    lastSeq: () => seq,
    index: () => ({
      opened,
      segments: [early, late],
      dictionaries: dicts,
      indexing: build ? build.progress : null,
    }),
    read: readRecords,
    bytes: (position, length) => readAt(readFd, position, length),
    close(options) {
      if (closed) return;
      group.flush();
      closed = true;
      build?.stop();
      periodicSync.stop();
      textTail.stop();
      if (options?.syncInBackground) fdatasync(fd, () => closeSync(fd));
      else {
        fdatasyncSync(fd);
        closeSync(fd);
      }
      // The saved index covers every line: the next opening skips blocks from its first search.
      textTail.catchUp();
      save();
      closeSync(readFd);
    },
  };
}
