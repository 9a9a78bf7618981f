// Reading the journal's NDJSON a chunk at a time, line by line: a journal of any size opens (one
// string of a file past ~512 MB cannot even be made), and a scan can stop after a chunk and carry
// on later, so the index of a large journal is built in the background between other work.
// Also the two ends of a line: writing its bytes whole, and reading it back as a record.
import { readSync, writeSync } from 'node:fs';
import { JournalRecord } from '../../../src-shared/contract';

const CHUNK_BYTES = 4 * 1024 * 1024;
const NEWLINE = 0x0a;

/** Reads `length` bytes at `position` (all of them: readSync may return fewer). */
export function readAt(fd: number, position: number, length: number, into?: Buffer): Buffer {
  const buf = into ?? Buffer.allocUnsafe(length);
  let got = 0;
  while (got < length) {
    const n = readSync(fd, buf, got, length - got, position + got);
    if (n === 0) break;
    got += n;
  }
  return got === buf.length ? buf : buf.subarray(0, got);
}

/** Where the first line starting at or after `position` begins (`end` when none does). */
export function lineStartFrom(fd: number, position: number, end: number): number {
  if (position <= 0) return 0;
  const probe = Buffer.allocUnsafe(64 * 1024);
  for (let at = position - 1; at < end; at += probe.length) {
    const got = readAt(fd, at, Math.min(probe.length, end - at), probe);
    const i = got.indexOf(NEWLINE);
    if (i >= 0) return at + i + 1;
  }
  return end;
}

/**
 * The lines of the bytes [from, to) of a file, a chunk per step. `each` gets the chunk and where
 * the line is in it and in the file; a last line with no newline (a write torn by a crash) is a
 * line too. Whitespace-only lines are skipped.
 */
export class LineScanner {
  position: number;
  private buf = Buffer.allocUnsafe(CHUNK_BYTES);

  constructor(
    private readonly fd: number,
    from: number,
    readonly end: number,
  ) {
    this.position = from;
  }

  get done(): boolean {
    return this.position >= this.end;
  }

  /** Scans one chunk's worth of whole lines; false once every line is done. */
  step(each: (chunk: Buffer, start: number, stop: number, offset: number) => void): boolean {
    if (this.done) return false;
    const base = this.position;
    const want = Math.min(this.buf.length, this.end - base);
    const chunk = readAt(this.fd, base, want, this.buf);
    if (chunk.length === 0) {
      this.position = this.end; // the file is shorter than it was: nothing more to read
      return false;
    }
    let start = 0;
    const last = base + chunk.length >= this.end;
    for (;;) {
      let stop = chunk.indexOf(NEWLINE, start);
      if (stop < 0) {
        if (!last) break;
        stop = chunk.length;
      }
      if (!blank(chunk, start, stop)) each(chunk, start, stop, base + start);
      start = stop + 1;
      if (start >= chunk.length) break;
    }
    if (start === 0 && !last) {
      // One line longer than the buffer (a body of tens of MB): read it again with room for it.
      this.buf = Buffer.allocUnsafe(this.buf.length * 2);
      return true;
    }
    this.position = base + Math.min(start, chunk.length);
    return !this.done;
  }
}

function blank(buf: Buffer, start: number, stop: number): boolean {
  for (let i = start; i < stop; i++) {
    const c = buf[i]!;
    if (c !== 0x20 && c !== 0x0d && c !== 0x09) return false;
  }
  return true;
}

/** A group of lines bigger than this is written from a buffer of its own, not kept for the next. */
const KEPT_BUFFER_BYTES = 1024 * 1024;

/**
 * Writes lines with one write each time, encoded straight into a buffer kept between writes: no
 * joined string and no Buffer.from of it for every group (several times the cost, on the path of
 * every delivery), and the lines' byte lengths come out of the encoding for the index.
 */
export class LineWriter {
  private kept = Buffer.allocUnsafe(64 * 1024);

  /** Each line and its newline, in one write; the byte length of each line (without newline). */
  write(fd: number, lines: readonly string[]): number[] {
    let most = 0;
    for (const line of lines) most += line.length * 3 + 1; // UTF-8 takes at most 3 bytes a unit
    let buf = this.kept;
    if (most > buf.length) {
      buf = Buffer.allocUnsafe(most);
      if (most <= KEPT_BUFFER_BYTES) this.kept = buf;
    }
    const lengths = new Array<number>(lines.length);
    let at = 0;
    for (let i = 0; i < lines.length; i++) {
      const n = buf.write(lines[i]!, at, 'utf8');
      lengths[i] = n;
      at += n;
      buf[at++] = NEWLINE;
    }
    writeAll(fd, buf.subarray(0, at));
    return lengths;
  }
}

function writeAll(fd: number, bytes: Buffer) {
  // writeSync may write less than asked (a full disk): the rest follows.
  let offset = 0;
  while (offset < bytes.length) offset += writeSync(fd, bytes, offset, bytes.length - offset);
}

export function uncheckedRecord(text: string, seq: number): JournalRecord {
  try {
    return JSON.parse(text) as JournalRecord;
  } catch {
    return parseRecord(text, seq);
  }
}

/**
 * A line read back as a record, checked against the schema (which also cuts a whole expected
 * signature an older version kept, src-shared/rules/signature-prefix.ts). A line the index took but
 * the schema refuses (a hand edit) is shown as a warning in its place, not dropped silently.
 */
export function parseRecord(text: string, seq: number): JournalRecord {
  let issue: string;
  try {
    const parsed = JournalRecord.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
    issue = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
  } catch (err) {
    issue = (err as Error).message;
  }
  const message = `Record #${seq} of the journal could not be read (${issue}); its line is kept as it is in the file.`;
  return {
    seq,
    at: new Date(0).toISOString(),
    kind: 'system',
    summary: message,
    system: { level: 'warn', message },
  };
}
