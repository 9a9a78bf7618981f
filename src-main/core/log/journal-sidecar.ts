// The journal's index saved beside it (`<journal>.index`), so that opening a large journal does not
// read it all again. The NDJSON stays the one source of truth: the index says how many of its bytes
// it covers and holds a fingerprint of them (the first and the last bytes it covers), and one that
// is missing, torn, for another file, or covering more than the journal holds is not used (the
// journal is indexed again from its lines). One covering less is used, and the rest indexed.
// Layout: a magic line, a JSON header (counts, the dictionaries), the columns as raw arrays in
// COLUMN_NAMES order (the machine's byte order, recorded), the text search's blocks
// (block-text-filter.ts; since version 2), and an end mark. Written aside and
// renamed, so a kill -9 while it is written leaves the old one or none.
import { createHash } from 'node:crypto';
import { closeSync, fstatSync, openSync, renameSync, writeSync } from 'node:fs';
import { endianness } from 'node:os';
import {
  COLUMN_NAMES,
  DICTIONARY_NAMES,
  Dictionary,
  IndexColumns,
  type Dictionaries,
} from './journal-index';
import { readAt } from './journal-lines';
import { loadTextBlocks, savedTextBlocks, savedTextBytes } from './block-text-filter';

const MAGIC = Buffer.from('TP Inspector journal index 2\n');
const END = Buffer.from('\nend of index\n');
const FINGERPRINT_BYTES = 4096;

export const sidecarPath = (journalPath: string) => `${journalPath}.index`;

/** What the host says when a saved index covers only the start of the journal (the build stopped). */
export function partlyBuilt(journalPath: string, covered: number, size: number): string {
  const mb = (bytes: number) => (bytes / 1e6).toFixed(0);
  return `The journal's index (${sidecarPath(journalPath)}) covers ${mb(covered)} of ${mb(size)} MB of ${journalPath} (the app stopped before it was built); the rest is being indexed.`;
}

interface Header {
  covered: number;
  count: number;
  unreadable: number;
  textBlocks: number;
  endianness: string;
  fingerprint: string;
  dictionaries: Record<string, string[]>;
}

interface SavedIndex {
  columns: IndexColumns;
  dictionaries: Dictionaries;
  covered: number;
  unreadable: number;
}

/** What the journal's first and last covered bytes hash to: another file's will not match. */
function fingerprint(fd: number, covered: number): string {
  const head = readAt(fd, 0, Math.min(FINGERPRINT_BYTES, covered));
  const from = Math.max(0, covered - FINGERPRINT_BYTES);
  const tail = readAt(fd, from, covered - from);
  return createHash('sha256').update(head).update(tail).update(String(covered)).digest('hex');
}

/**
 * The saved index of the journal open at `fd` (`size` bytes), or why it cannot be used: null and
 * no problem when there is none (a new journal, or one written before indexes were saved).
 */
export function loadSidecar(
  path: string,
  fd: number,
  size: number,
): { index: SavedIndex | null; problem: string | null } {
  let file: number;
  try {
    file = openSync(path, 'r');
  } catch (err) {
    const missing = (err as NodeJS.ErrnoException).code === 'ENOENT';
    return {
      index: null,
      problem: missing && size === 0 ? null : `The journal's index (${path}) is missing.`,
    };
  }
  try {
    return readSidecar(path, file, fd, size);
  } finally {
    closeSync(file);
  }
}

function readSidecar(
  path: string,
  file: number,
  journalFd: number,
  size: number,
): { index: SavedIndex | null; problem: string | null } {
  const unusable = (why: string) => ({
    index: null,
    problem: `The journal's index (${path}) ${why}.`,
  });
  const fileBytes = fstatSync(file).size;
  const end = readAt(file, Math.max(0, fileBytes - END.length), END.length);
  if (!readAt(file, 0, MAGIC.length).equals(MAGIC) || !end.equals(END)) {
    return unusable('is torn or not an index of this version');
  }
  // The header holds the dictionaries: read until its line ends.
  let head = Buffer.alloc(0);
  let headerEnd = -1;
  while (headerEnd < 0 && MAGIC.length + head.length < fileBytes) {
    const more = readAt(file, MAGIC.length + head.length, Math.max(64 * 1024, head.length));
    if (more.length === 0) break;
    head = Buffer.concat([head, more]);
    headerEnd = head.indexOf(0x0a);
  }
  let header: Header;
  try {
    header = JSON.parse(head.toString('utf8', 0, headerEnd)) as Header;
  } catch {
    return unusable('has an unreadable header');
  }
  // Each column is read straight into its array: no copy of the whole file in memory on the way.
  const columns = new IndexColumns();
  columns.reserve(header.count);
  let at = MAGIC.length + headerEnd + 1;
  for (const name of COLUMN_NAMES) {
    const length = header.count * columns[name].BYTES_PER_ELEMENT;
    if (at + length > fileBytes - END.length) return unusable('is torn');
    const view = Buffer.from(columns[name].buffer, 0, length);
    if (readAt(file, at, length, view).length !== length) return unusable('is torn');
    at += length;
  }
  const textBytes = savedTextBytes(header.textBlocks);
  if (at + textBytes !== fileBytes - END.length || header.endianness !== endianness()) {
    return unusable('is torn or was written on another kind of machine');
  }
  if (header.covered > size)
    return unusable('covers more than the journal holds (the journal was replaced)');
  if (header.covered > 0 && fingerprint(journalFd, header.covered) !== header.fingerprint) {
    return unusable('is for another journal (the journal was replaced)');
  }
  columns.length = header.count;
  const text = readAt(file, at, textBytes);
  if (text.length !== textBytes) return unusable('is torn');
  loadTextBlocks(columns, header.textBlocks, text);
  const dictionaries = {} as Dictionaries;
  for (const name of DICTIONARY_NAMES)
    dictionaries[name] = new Dictionary(header.dictionaries[name] ?? []);
  return {
    index: { columns, dictionaries, covered: header.covered, unreadable: header.unreadable },
    problem: null,
  };
}

/** Saves the index of the journal's first `covered` bytes (both segments, in order). */
export function writeSidecar(
  path: string,
  journalFd: number,
  index: {
    columns: IndexColumns[];
    dictionaries: Dictionaries;
    covered: number;
    unreadable: number;
  },
): void {
  const count = index.columns.reduce((n, c) => n + c.length, 0);
  const text = savedTextBlocks(index.columns);
  const header: Header = {
    covered: index.covered,
    count,
    unreadable: index.unreadable,
    textBlocks: text.blocks,
    endianness: endianness(),
    fingerprint: fingerprint(journalFd, index.covered),
    dictionaries: Object.fromEntries(
      DICTIONARY_NAMES.map((name) => [name, index.dictionaries[name].values.slice(1)]),
    ),
  };
  const tmp = `${path}.tmp`;
  const fd = openSync(tmp, 'w', 0o600);
  try {
    const write = (bytes: Uint8Array) => {
      let done = 0;
      while (done < bytes.length) done += writeSync(fd, bytes, done, bytes.length - done);
    };
    write(MAGIC);
    write(Buffer.from(`${JSON.stringify(header)}\n`));
    for (const name of COLUMN_NAMES) {
      for (const segment of index.columns) {
        const column = segment[name];
        write(new Uint8Array(column.buffer, 0, segment.length * column.BYTES_PER_ELEMENT));
      }
    }
    for (const array of text.arrays) write(array);
    write(END);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, path);
}
