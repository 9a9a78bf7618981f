// A session's files as a stream of lines, never one string: a session past some 512 MB of NDJSON
// cannot be a JavaScript string at all, so counting, exporting and archiving read it a chunk at a
// time. Archives are gzip (node:zlib): every system opens a .gz (zcat, gunzip, 7-Zip), and it
// shrinks journals several times over at a small share of one core; brotli shrank them further
// but at several times the CPU. docs/journal.md, "Retention", has the figures.
import {
  createReadStream,
  createWriteStream,
  fsyncSync,
  openSync,
  closeSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StringDecoder } from 'node:string_decoder';
import { constants, createGunzip, createGzip } from 'node:zlib';
import { sidecarPath } from './journal-sidecar';

export const archivePath = (ndjsonPath: string) => `${ndjsonPath}.gz`;

/** Bytes of each of a session's files on disk (0 for one that is not there). */
export function sessionBytes(ndjsonPath: string): {
  ndjson: number;
  index: number;
  archive: number;
} {
  return {
    ndjson: sizeOf(ndjsonPath),
    index: sizeOf(sidecarPath(ndjsonPath)),
    archive: sizeOf(archivePath(ndjsonPath)),
  };
}

function sizeOf(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

/** Bytes of every file under `dir`, however deep (what the data folder takes on disk). */
export function folderBytes(dir: string): number {
  let total = 0;
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += folderBytes(path);
    else if (entry.isFile()) total += sizeOf(path);
  }
  return total;
}

/**
 * Splits a stream of bytes into lines (`\n`; a `\r` before it is kept, as JSON.parse ignores it).
 * Only a line is ever a string, so the file may be of any size.
 */
export async function* linesOf(chunks: AsyncIterable<Buffer>): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  let partial = '';
  for await (const chunk of chunks) {
    // Decoded whole chunks keep a character split across two chunks intact.
    const text = partial + decoder.write(chunk);
    let start = 0;
    for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
      yield text.slice(start, end);
      start = end + 1;
    }
    partial = text.slice(start);
  }
  partial += decoder.end();
  if (partial) yield partial;
}

/** The lines of a session's NDJSON file, or of its archive; none when there is neither. */
export async function* sessionLines(
  ndjsonPath: string,
  archived: boolean,
  chunkBytes = 1024 * 1024,
): AsyncGenerator<string> {
  const path = archived ? archivePath(ndjsonPath) : ndjsonPath;
  if (sizeOf(path) === 0) return;
  const file = createReadStream(path, { highWaterMark: chunkBytes });
  yield* linesOf(archived ? file.pipe(createGunzip({ chunkSize: chunkBytes })) : file);
}

/** Counts the lines that hold something (a record, or a torn one): what the session list shows. */
export async function countLines(lines: AsyncIterable<string>): Promise<number> {
  let count = 0;
  for await (const line of lines) if (line.trim()) count++;
  return count;
}

/** Counts the lines going through that hold more than blanks, without decoding them. */
function lineCounter(): Transform & { lines(): number } {
  let lines = 0;
  let inLine = false;
  const blank = (byte: number | undefined) => byte === 0x20 || byte === 0x0d || byte === 0x09;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      let start = 0;
      // Search for the line ends (memchr), and look at a line's bytes only until one is not blank:
      // a record's first byte is its `{`, so the main thread spends little on it.
      for (;;) {
        const end = chunk.indexOf(0x0a, start);
        const stop = end === -1 ? chunk.length : end;
        for (let i = start; !inLine && i < stop; i++) if (!blank(chunk[i])) inLine = true;
        if (end === -1) break;
        if (inLine) lines++;
        inLine = false;
        start = end + 1;
      }
      done(null, chunk);
    },
  });
  return Object.assign(counter, { lines: () => lines + (inLine ? 1 : 0) });
}

/** Writes `to` from `from` through `through`, aside and renamed, so a crash leaves no half file. */
async function writeAside(from: string, to: string, ...through: Transform[]): Promise<void> {
  const aside = `${to}.tmp`;
  try {
    await pipeline([createReadStream(from), ...through, createWriteStream(aside, { mode: 0o600 })]);
    const fd = openSync(aside, 'r+');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(aside, to);
  } catch (err) {
    rmSync(aside, { force: true });
    throw err;
  }
}

/**
 * Compresses a session's NDJSON into its archive, then removes the NDJSON. Its index stays (some
 * 50 bytes a record against the archive's ~100): it fits the unpacked bytes, so the archive opens
 * read-only without indexing it again. Resolves to its record count.
 */
export async function archiveSession(ndjsonPath: string): Promise<number> {
  const counter = lineCounter();
  await writeAside(
    ndjsonPath,
    archivePath(ndjsonPath),
    counter,
    createGzip({ level: constants.Z_DEFAULT_COMPRESSION }),
  );
  rmSync(ndjsonPath, { force: true });
  return counter.lines();
}

/** Unpacks an archive to `to` (its NDJSON, or a working copy to read it from). */
export async function unpackArchive(ndjsonPath: string, to: string): Promise<void> {
  await writeAside(archivePath(ndjsonPath), to, createGunzip());
}

/** Removes every file of a session: the NDJSON, its index and its archive. */
export function removeSessionFiles(ndjsonPath: string): void {
  for (const path of [ndjsonPath, sidecarPath(ndjsonPath), archivePath(ndjsonPath)]) {
    rmSync(path, { force: true });
  }
}
