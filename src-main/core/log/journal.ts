// The event log: an append-only NDJSON file, one record per line, the one source of truth. The
// engine keeps an index of it (journal-index.ts: where each line is and the columns log.query
// filters on), never the records: a record is read from the file by offset when it is shown.
// Writes are synchronous (a record is in the OS before append() returns, so whatever the engine
// acknowledges after appending survives a crash of the process); fsync is batched, which bounds
// what a power loss can take to the last flush interval. Deliveries arrive in bursts, so they may
// use appendGrouped(): the records of one turn of the event loop (at most GROUP_RECORDS) are
// written with one write (group commit), and each caller acknowledges only once `written` has
// resolved, after that write.
// Opening reads the newest few MB at once (the newest page is there) and indexes the rest in the
// background, or loads the index saved beside the journal (journal-sidecar.ts). Format and what is
// on disk: docs/journal.md.
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
import { entryOf, IndexColumns, newDictionaries } from './journal-index';
import { announcing } from './journal-line';
import {
  LineScanner,
  LineWriter,
  lineStartFrom,
  parseRecord,
  readAt,
  uncheckedRecord,
} from './journal-lines';
import { loadSidecar, partlyBuilt, sidecarPath, writeSidecar } from './journal-sidecar';
import { sortBySeqKeepingText, textFilterOf } from './block-text-filter';
import { followTextTail } from './journal-text-tail';
import type { Redactor } from './redact';

export type { Journal, JournalIndex, NewRecord } from './journal-types';
export { lineOf } from './journal-line';
import type { Journal, NewRecord } from './journal-types';

const FSYNC_INTERVAL_MS = 100;
/**
 * The most records one group write holds. A group is answered only once it is written, so a larger
 * one keeps every sender waiting for the last of it: under `npm run bench:inbound` the 32 senders
 * sat idle while the receiver examined all 32 deliveries, then the receiver sat idle while they
 * read the answers. A write costs a few µs; 8 records a write still share most of that.
 */
const GROUP_RECORDS = 8;
/**
 * Read and indexed at open, before anything else: some 900 records the size the app writes, the
 * newest pages (4 MB was a fifth of the host's start with a million records, on a busy machine).
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
 * ones are read from the file. Few: a record kept past the next minor GC (some 600 deliveries
 * under `npm run bench:inbound`) is copied into the old generation, and with 512 kept nearly
 * every delivery was, which tripled the GC's pauses per delivery.
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
  onAppend?: (record: JournalRecord) => void,
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

  const saved = loadSidecar(sidecarPath(path), readFd, size);
  if (saved.problem && notice) notice(`${saved.problem} It is being rebuilt from ${path}.`);
  const dicts = saved.index?.dictionaries ?? newDictionaries();
  const early = saved.index?.columns ?? new IndexColumns();
  const covered = saved.index?.covered ?? 0;
  const late = new IndexColumns();
  // Lines that could not be read, in the part the index covers from the start and in the newest MB
  // (a partial index saved during the build holds the first count only).
  const unreadable = { fromStart: saved.index?.unreadable ?? 0, tail: 0 };
  const indexInto =
    (target: IndexColumns, count: keyof typeof unreadable) =>
    (chunk: Buffer, start: number, stop: number, offset: number) => {
      let value: unknown;
      try {
        value = JSON.parse(chunk.toString('utf8', start, stop));
      } catch {
        unreadable[count]++;
        return;
      }
      const entry = entryOf(value, offset, stop - start, dicts);
      if (!entry) {
        unreadable[count]++;
        return;
      }
      target.push(entry);
      textFilterOf(target).addBytes(target.length - 1, chunk, start, stop);
    };

  // The newest records first, so the newest page is there at once.
  const tailFrom =
    size - covered <= TAIL_BYTES ? covered : lineStartFrom(readFd, size - TAIL_BYTES, size);
  const tail = new LineScanner(readFd, tailFrom, size);
  const indexLate = indexInto(late, 'tail');
  while (tail.step(indexLate));
  sortBySeqKeepingText(late);
  let building: LineScanner | null =
    covered < tailFrom ? new LineScanner(readFd, covered, tailFrom) : null;
  if (building && late.length === 0) {
    // No record in the newest MB (rare): the last seq is further back, and the build cannot wait.
    while (building.step(indexInto(early, 'fromStart')));
    building = null;
  }
  sortBySeqKeepingText(early);
  let seq =
    late.length > 0
      ? late.seq[late.length - 1]!
      : early.length > 0
        ? early.seq[early.length - 1]!
        : 0;
  const recent = new Map<number, JournalRecord>();
  const textTail = followTextTail(late, readFd);

  if (building && covered > 0) notice?.(partlyBuilt(path, covered, size));
  let closed = false;
  /** Saves the index; while it is still built, of the part read from the start (`early`). */
  const saveIndex = () => {
    if (building && building.position <= covered) return; // nothing more than the saved one holds
    const whole = !building;
    try {
      writeSidecar(sidecarPath(path), readFd, {
        columns: whole ? [early, late] : [early],
        dictionaries: dicts,
        covered: building ? building.position : size,
        unreadable: unreadable.fromStart + (whole ? unreadable.tail : 0),
      });
    } catch (err) {
      notice?.(
        `The index of ${path} could not be saved (${(err as Error).message}); it is built again at the next start.`,
      );
    }
  };
  if (building) {
    const indexEarly = indexInto(early, 'fromStart');
    let savedAt = building.position;
    const buildSlice = () => {
      if (closed || !building) return;
      const until = performance.now() + SLICE_MS;
      while (building.step(indexEarly) && performance.now() < until);
      if (!building.done) {
        // A kill -9 in the middle of a long build keeps what was indexed up to the last save.
        if (building.position - savedAt >= saveEveryBytes) {
          savedAt = building.position;
          saveIndex();
        }
        setImmediate(buildSlice);
        return;
      }
      building = null;
      sortBySeqKeepingText(early);
      saveIndex();
      notice?.(`The index of ${path} is built: ${early.length + late.length} records.`);
    };
    // After the opener's own start (a host awaits its servers and the sandbox): a slice between
    // each of its steps would hold it back by a second.
    setTimeout(buildSlice, BUILD_AFTER_MS);
  }

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

  // Group commit: records waiting for the one write of their turn, and their lines.
  let pending: JournalRecord[] = [];
  let pendingLines: string[] = [];
  let settle: { resolve: () => void; reject: (err: unknown) => void } | null = null;
  let written: Promise<void> | null = null;
  const lineWriter = new LineWriter();
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
  /**
   * Indexes a written record and keeps it whole for a while. Every record of a write is indexed
   * before any listener is told (a listener may append, which writes again). Its line goes into the
   * full-text filter later (textTail).
   */
  const indexed1 = (record: JournalRecord, offset: number, bytes: number) => {
    late.push(entryOf(record, offset, bytes, dicts)!);
    recent.set(record.seq, record);
    if (recent.size > RECENT) recent.delete(recent.keys().next().value!);
  };
  const announce = (record: JournalRecord, line: string) => {
    if (onAppend) announcing(record, line, () => onAppend(record));
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
    let lengths: number[];
    try {
      lengths = lineWriter.write(fd, lines);
    } catch (err) {
      done.reject(err);
      return;
    }
    dirty = true;
    let at = 0;
    for (let i = 0; i < batch.length; i++) {
      indexed1(batch[i]!, size + at, lengths[i]!);
      at += lengths[i]! + 1;
    }
    // The file's size before any listener runs: one told of these records may append another.
    size += at;
    for (let i = 0; i < batch.length; i++) announce(batch[i]!, lines[i]!);
    done.resolve();
  };

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
      flush();
      const { record, line } = redacted(stamp(input));
      const bytes = lineWriter.write(fd, [line])[0]!;
      dirty = true;
      const offset = size;
      size += bytes + 1;
      indexed1(record, offset, bytes);
      announce(record, line);
      return record;
    },
    appendGrouped(input) {
      if (closed) throw new Error('The journal is closed.');
      // A full group waits for no one: written now, and this record starts the next.
      if (pending.length >= groupRecords) flush();
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
      // A full group is written once the code that filled it is done, not at the turn's end.
      if (pending.length === groupRecords) queueMicrotask(flush);
      return { record, written };
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
      indexing: building ? { done: building.position, total: building.end } : null,
    }),
    read: readRecords,
    bytes: (position, length) => readAt(readFd, position, length),
    close(options) {
      if (closed) return;
      flush();
      closed = true;
      clearInterval(flushTimer);
      textTail.stop();
      if (options?.syncInBackground) fdatasync(fd, () => closeSync(fd));
      else {
        fdatasyncSync(fd);
        closeSync(fd);
      }
      // The saved index covers every line: the next opening skips blocks from its first search.
      textTail.catchUp();
      saveIndex();
      closeSync(readFd);
    },
  };
}
