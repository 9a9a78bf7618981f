// The book as a file: CSV (one line per contact, lists space-separated, the import's columns,
// formula-like cells escaped) or JSON (the import reads it back). The supercontact is left out: it
// exists for every app and cannot be added or changed, so an export that held it would not import
// cleanly.
import { papaparse } from '../common/lazy-packages';
import type { BookContact, ImportRow } from '../../../src-shared/contract';

const EXPORT_FORMAT = 'tp-inspector-contacts';
const COLUMNS = ['contact_id', 'display_name', 'avatar_url', 'capabilities', 'owners'];

/**
 * A CSV cell a spreadsheet would take for a formula (a display name "=HYPERLINK(...)" runs when the
 * file is opened): it is written behind a single quote, the OWASP advice. A cell that already
 * starts with quotes before such a character gets one more, so that the import, which takes one
 * quote off (unescapeFormulaCell), gives back exactly what the book held.
 */
const FORMULA_CELL = /^'*[=+\-@\t\r]/;

/** The CSV import's inverse of the export's formula escape. */
export function unescapeFormulaCell(cell: string): string {
  return /^'+[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

export function exportBook(
  contacts: readonly BookContact[],
  format: 'csv' | 'json',
  profileId: string,
): { filename: string; mimeType: string; content: string } {
  const own = contacts.filter((c) => !c.supercontact);
  const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-');
  const filename = `contacts-${profileId}-${stamp}.${format}`;
  if (format === 'json') {
    const entries = own.map((c) => ({
      contact_id: c.contactId,
      display_name: c.displayName,
      avatar_url: c.avatarUrl,
      capabilities: c.capabilities,
      owners: c.owners.map((o) => o.userId),
    }));
    return {
      filename,
      mimeType: 'application/json',
      content: `${JSON.stringify({ format: EXPORT_FORMAT, version: 1, contacts: entries }, null, 2)}\n`,
    };
  }
  const content = papaparse().unparse(
    {
      fields: COLUMNS,
      data: own.map((c) => [
        c.contactId,
        c.displayName,
        c.avatarUrl,
        c.capabilities.join(' '),
        c.owners.map((o) => o.userId).join(' '),
      ]),
    },
    { escapeFormulae: FORMULA_CELL },
  );
  return { filename, mimeType: 'text/csv', content: `${content}\r\n` };
}

/**
 * The rows an import refused, as a CSV the import reads back once fixed: the import's columns as
 * each row was read, and a last column, reason, which the import ignores.
 */
export function refusedRowsCsv(rows: readonly ImportRow[]): string | null {
  const refused = rows.filter((r) => r.errors.length > 0);
  if (refused.length === 0) return null;
  const content = papaparse().unparse(
    {
      fields: [...COLUMNS, 'reason'],
      data: refused.map((r) => [
        r.contact?.contactId ?? '',
        r.contact?.displayName ?? '',
        r.contact?.avatarUrl ?? '',
        (r.contact?.capabilities ?? []).join(' '),
        (r.contact?.owners ?? []).join(' '),
        `Row ${r.row}: ${r.errors.join(' ')}`,
      ]),
    },
    { escapeFormulae: FORMULA_CELL },
  );
  return `${content}\r\n`;
}
