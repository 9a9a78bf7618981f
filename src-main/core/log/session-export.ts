// A session as a file's content (NDJSON, HAR, an HTML report), made piece by piece from its lines
// as they are read: neither the session nor its export is ever one string, so a session of any
// size exports (the hosts write the pieces to a file or an HTTP response as they come). The
// `sessions.export` command still answers the content whole, for scripts and small sessions: past
// the longest string the engine can make, it is refused in words.
import { constants } from 'node:buffer';
import { CommandError, JournalRecord } from '../../../src-shared/contract';
import type { Redactor } from './redact';
import { harEntry, harParts } from './session-export-har';
import { createHtmlReport } from './session-export-html';

export type ExportFormat = 'ndjson' | 'har' | 'html';

/** Pieces of about this many characters (a few MB of memory at most, whatever the session). */
const EXPORT_CHUNK_CHARS = 1 << 20;

export interface StreamedExport {
  filename: string;
  mimeType: string;
  /** The content, in order; read once. Nothing is read from the session before the first pull. */
  chunks: AsyncIterable<string>;
}

export interface StreamInput {
  name: string;
  /** The session's lines, from the first; called once per pass (the HTML report makes two). */
  lines: () => AsyncIterable<string>;
  format: ExportFormat;
  redactor: Redactor;
  appVersion: string;
  /**
   * Only the records it keeps (a filtered export); lines that are not records (torn by a crash)
   * are left out then, as the list leaves them out.
   */
  keep?: (record: JournalRecord) => boolean;
  /** Tests lower it to see several pieces from a small session. */
  chunkChars?: number;
}

/**
 * Redacted again on the way out: a session written before a secret was known (or by an older
 * version) holds it in clear, and an export is what leaves the machine. The records first, so each
 * format's own escaping (JSON, HTML) cannot hide a secret from the search; then the text of each
 * piece a format adds, a record's entry or section at a time (a secret cannot span two: what lies
 * between them is the format's own markup).
 */
export function streamSession({
  name,
  lines,
  format,
  redactor,
  appVersion,
  keep,
  chunkChars = EXPORT_CHUNK_CHARS,
}: StreamInput): StreamedExport {
  const base = `tp-inspector-${slug(name)}`;
  const read: RecordSource = { redactor, ...(keep ? { keep } : {}) };
  if (format === 'ndjson') {
    return {
      filename: `${base}.ndjson`,
      mimeType: 'application/x-ndjson',
      chunks: grouped(ndjsonPieces(lines(), read), chunkChars),
    };
  }
  if (format === 'har') {
    return {
      filename: `${base}.har`,
      mimeType: 'application/json',
      chunks: grouped(harPieces(lines(), read, appVersion), chunkChars),
    };
  }
  return {
    filename: `${base}.html`,
    mimeType: 'text/html',
    chunks: grouped(htmlPieces(name, lines, read, appVersion), chunkChars),
  };
}

/** How the lines become the records exported: redacted, and kept or not. */
interface RecordSource {
  redactor: Redactor;
  keep?: (record: JournalRecord) => boolean;
}

async function* ndjsonPieces(lines: AsyncIterable<string>, read: RecordSource) {
  if (read.keep) {
    for await (const record of records(lines, read)) yield `${JSON.stringify(record)}\n`;
    return;
  }
  for await (const line of lines) yield `${redactedLine(line, read.redactor)}\n`;
}

export async function* records(lines: AsyncIterable<string>, { redactor, keep }: RecordSource) {
  for await (const line of lines) {
    const record = recordOf(line);
    // Kept or not as written, as the Event log's list tests it; redacted on the way out.
    if (record && (!keep || keep(record))) yield redactor.record(record);
  }
}

async function* harPieces(lines: AsyncIterable<string>, read: RecordSource, appVersion: string) {
  const { redactor } = read;
  const parts = harParts(appVersion);
  let first = true;
  for await (const record of records(lines, read)) {
    const entry = harEntry(record);
    if (entry === null) continue;
    yield redactor.text((first ? parts.head : ',\n') + parts.entryText(entry));
    first = false;
  }
  yield redactor.text(first ? parts.empty : parts.tail);
}

async function* htmlPieces(
  name: string,
  lines: () => AsyncIterable<string>,
  read: RecordSource,
  appVersion: string,
) {
  const { redactor } = read;
  // The top of the page (what needs attention, the counts) and the links back to a delivery come
  // from a first pass; the second stops at as many records, so records appended meanwhile (the
  // session open) are in neither.
  const report = createHtmlReport(name, appVersion);
  let total = 0;
  for await (const record of records(lines(), read)) {
    report.outline(record);
    total++;
  }
  yield redactor.text(report.head());
  let written = 0;
  if (total > 0) {
    for await (const record of records(lines(), read)) {
      yield redactor.text((written > 0 ? '\n' : '') + report.section(record));
      if (++written === total) break;
    }
  }
  yield redactor.text(report.tail());
}

/** Pieces joined into chunks of at least `size` characters (the last one may be shorter). */
async function* grouped(pieces: AsyncIterable<string>, size: number): AsyncGenerator<string> {
  let parts: string[] = [];
  let chars = 0;
  for await (const piece of pieces) {
    parts.push(piece);
    chars += piece.length;
    if (chars >= size) {
      yield parts.join('');
      parts = [];
      chars = 0;
    }
  }
  if (chars > 0) yield parts.join('');
}

interface WholeInput extends StreamInput {
  /** Where the session's file is, for when it is too large to answer whole. */
  file: string;
  /** The longest content made (tests lower it; the engine's own limit by default). */
  maxChars?: number;
}

/** The export as one string (the `sessions.export` command), refused past `maxChars`. */
export async function exportSession({
  file,
  maxChars = constants.MAX_STRING_LENGTH,
  ...input
}: WholeInput): Promise<{ filename: string; mimeType: string; content: string }> {
  const { filename, mimeType, chunks } = streamSession(input);
  const out: string[] = [];
  let chars = 0;
  for await (const chunk of chunks) {
    chars += chunk.length;
    if (chars > maxChars) throw tooLarge(input.name, input.format, maxChars, file);
    out.push(chunk);
  }
  try {
    return { filename, mimeType, content: out.join('') };
  } catch (err) {
    // A join past the engine's longest string throws a RangeError.
    if (err instanceof RangeError) throw tooLarge(input.name, input.format, maxChars, file);
    throw err;
  }
}

const tooLarge = (name: string, format: ExportFormat, maxChars: number, file: string) =>
  new CommandError({
    code: 'conflict',
    message: `The session “${name}” is too large to answer as one ${format.toUpperCase()} text (sessions.export answers up to ${Math.floor(maxChars / 2 ** 20)} M characters). Export… in the app's Event log saves it as a file of any size. Or copy its journal from the data folder instead (Help, Open Data Folder): ${file}. Its records were redacted as they were written.`,
  });

/** A line of a session's file as a record; null for a torn or malformed line. */
export function recordOf(line: string): JournalRecord | null {
  if (!line.trim()) return null;
  try {
    const parsed = JournalRecord.safeParse(JSON.parse(line));
    return parsed.success ? parsed.data : null;
  } catch {
    // A torn line: the journal itself skips it the same way.
    return null;
  }
}

/**
 * A line of the session's file, read as a record (which cuts an expected signature kept whole by
 * an older version to its start) and redacted; a line that is not a record (torn by a crash)
 * stays, redacted as text.
 */
function redactedLine(line: string, redactor: Redactor): string {
  if (!line.trim()) return line;
  const record = recordOf(line);
  return record ? JSON.stringify(redactor.record(record)) : redactor.text(line);
}

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'session';
