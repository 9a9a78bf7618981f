// A session as a file's content (NDJSON, HAR, an HTML report), made from its lines as they are
// read, so the session itself is never one string. The content still is (the contract answers it
// whole): past the longest string the engine can make, the export is refused in words.
import { constants } from 'node:buffer';
import { CommandError, JournalRecord } from '../../../src-shared/contract';
import type { Redactor } from './redact';
import { toHar } from './session-export-har';
import { toHtmlReport } from './session-export-html';

export type ExportFormat = 'ndjson' | 'har' | 'html';

interface ExportInput {
  name: string;
  /** Where the session's file is, for when it is too large to export. */
  file: string;
  lines: AsyncIterable<string>;
  format: ExportFormat;
  redactor: Redactor;
  appVersion: string;
  /** The longest content made (tests lower it; the engine's own limit by default). */
  maxChars?: number;
}

export async function exportSession({
  name,
  file,
  lines,
  format,
  redactor,
  appVersion,
  maxChars = constants.MAX_STRING_LENGTH,
}: ExportInput): Promise<{ filename: string; mimeType: string; content: string }> {
  const base = `tp-inspector-${slug(name)}`;
  const tooLarge = () =>
    new CommandError({
      code: 'conflict',
      message: `The session “${name}” is too large to export as one ${format.toUpperCase()} file (the app makes files of up to ${Math.floor(maxChars / 2 ** 20)} M characters). Copy its journal from the data folder instead (Help, Open Data Folder): ${file}. Its records were redacted as they were written.`,
    });
  // Redacted again on the way out: a session written before a secret was known (or by an older
  // version) holds it in clear, and an export is what leaves the machine. The records first, so
  // each format's own escaping (JSON, HTML) cannot hide a secret from the search; then the text,
  // for what a format adds.
  if (format === 'ndjson') {
    const out: string[] = [];
    let chars = 0;
    for await (const line of lines) {
      const redacted = redactedLine(line, redactor);
      chars += redacted.length + 1;
      if (chars > maxChars) throw tooLarge();
      out.push(redacted);
    }
    return {
      filename: `${base}.ndjson`,
      mimeType: 'application/x-ndjson',
      content: out.length > 0 ? `${out.join('\n')}\n` : '',
    };
  }
  const records: JournalRecord[] = [];
  for await (const line of lines) {
    const record = recordOf(line);
    if (record) records.push(redactor.record(record));
  }
  let content: string;
  try {
    content =
      format === 'har' ? toHar(records, appVersion) : toHtmlReport(name, records, appVersion);
  } catch (err) {
    // JSON.stringify and joins past the engine's longest string throw a RangeError.
    if (err instanceof RangeError) throw tooLarge();
    throw err;
  }
  if (content.length > maxChars) throw tooLarge();
  return format === 'har'
    ? { filename: `${base}.har`, mimeType: 'application/json', content: redactor.text(content) }
    : { filename: `${base}.html`, mimeType: 'text/html', content: redactor.text(content) };
}

function recordOf(line: string): JournalRecord | null {
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
