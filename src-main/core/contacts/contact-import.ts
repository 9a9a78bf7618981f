// Reads contacts from CSV or JSON, row by row: each row keeps its own errors so one bad line does
// not sink an import. CSV is read by papaparse; the header names the columns (contact_id,
// display_name, avatar_url, capabilities, owners; camelCase too). JSON is an array of such objects,
// or a TP Inspector export ({"contacts": [...]}).
import { papaparse } from '../common/lazy-packages';
import {
  CommandError,
  type ContactOwner,
  type ImportPreview,
  type ImportRow,
} from '../../../src-shared/contract';
import {
  checkContact,
  normalizeDraft,
  parseCapabilities,
} from '../../../src-shared/rules/contact-rules';
import { refusedRowsCsv, unescapeFormulaCell } from './contact-export';

interface ImportContext {
  /** The app's supercontact (its client_id): it cannot be modified. */
  supercontactId: string;
  /** The connected users' ids, to note owners that are not connected. */
  connectedUserIds: ReadonlySet<string>;
  /** contact_ids already in the book, each with the owners an update is sent to
   * (ownersToUpdate), to note that a row updates one and who gets it. */
  existing: ReadonlyMap<string, readonly string[]>;
}

/**
 * Who gets contact/add when an import row updates a contact: every owner the book has for it (each
 * holds the contact on the platform, so each needs the new fields), except one whose contact/remove
 * failed and waits for a retry, and the row's own owners.
 */
export function ownersToUpdate(
  bookOwners: readonly ContactOwner[],
  rowOwners: readonly string[],
): string[] {
  const kept = bookOwners
    .filter((o) => !(o.state === 'failed' && o.failedAction === 'remove'))
    .map((o) => o.userId);
  return [...new Set([...kept, ...rowOwners])];
}

type Field = 'contactId' | 'displayName' | 'avatarUrl' | 'capabilities' | 'owners';
const ALIASES: Record<string, Field> = {
  contact_id: 'contactId',
  contactid: 'contactId',
  display_name: 'displayName',
  displayname: 'displayName',
  avatar_url: 'avatarUrl',
  avatarurl: 'avatarUrl',
  capabilities: 'capabilities',
  owners: 'owners',
};
const API_NAME: Record<Field, string> = {
  contactId: 'contact_id',
  displayName: 'display_name',
  avatarUrl: 'avatar_url',
  capabilities: 'capabilities',
  owners: 'owners',
};
const fieldOf = (name: string): Field | undefined =>
  ALIASES[name.trim().toLowerCase().replace(/[\s-]/g, '_')];

export function detectFormat(text: string): 'csv' | 'json' {
  const first = text.trimStart()[0];
  return first === '[' || first === '{' ? 'json' : 'csv';
}

/** A list as text ("a b") or as an array. */
function listOf(value: unknown): { list: string[]; error?: string } {
  if (value === undefined || value === null || value === '') return { list: [] };
  if (typeof value === 'string') return { list: parseCapabilities(value) };
  if (Array.isArray(value)) {
    const list: string[] = [];
    for (const item of value) {
      if (typeof item === 'string') list.push(item);
      else if (
        item &&
        typeof item === 'object' &&
        typeof (item as { userId?: unknown }).userId === 'string'
      )
        list.push((item as { userId: string }).userId);
      else return { list: [], error: 'must be text or a list of text' };
    }
    return { list };
  }
  return { list: [], error: 'must be text or a list of text' };
}

/** One raw record (CSV or JSON object) → a draft and what is wrong with it. */
function readRecord(row: number, record: Record<string, unknown>): ImportRow {
  const errors: string[] = [];
  const fields: Partial<Record<Field, unknown>> = {};
  for (const [key, value] of Object.entries(record)) {
    const field = fieldOf(key);
    if (field) fields[field] = value;
  }
  const text = (field: Field): string => {
    const v = fields[field];
    if (v === undefined || v === null) return '';
    if (typeof v === 'string') return v;
    if (typeof v === 'number' || typeof v === 'boolean') return String(v);
    errors.push(`${API_NAME[field]} must be text.`);
    return '';
  };
  const caps = listOf(fields.capabilities);
  if (caps.error) errors.push(`capabilities ${caps.error}.`);
  const owners = listOf(fields.owners);
  if (owners.error) errors.push(`owners ${owners.error}.`);
  const contact = normalizeDraft({
    contactId: text('contactId'),
    displayName: text('displayName'),
    avatarUrl: text('avatarUrl'),
    capabilities: caps.list,
    owners: owners.list,
  });
  const check = checkContact(contact);
  return {
    row,
    contact,
    errors: [...errors, ...check.errors.map((e) => e.message)],
    notes: check.notes.map((n) => n.message),
  };
}

function readCsv(text: string): ImportRow[] {
  const parsed = papaparse().parse<Record<string, string>>(text, {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (h) => h.trim(),
    // The export writes a cell that looks like a formula behind a quote; read it back as it was.
    transform: (cell) => unescapeFormulaCell(cell),
  });
  const columns = (parsed.meta.fields ?? []).map(fieldOf);
  if (!columns.includes('contactId') || !columns.includes('displayName')) {
    throw new CommandError({
      code: 'invalid_input',
      message: `The CSV's first line must name the columns, with at least contact_id and display_name (found: ${(parsed.meta.fields ?? []).join(', ') || 'nothing'}). Optional: avatar_url, capabilities, owners (space-separated).`,
    });
  }
  const rows = parsed.data.map((record, i) => readRecord(i + 1, record));
  for (const err of parsed.errors) {
    // papaparse counts data rows from 0, after the header.
    const target = err.row === undefined ? undefined : rows[err.row];
    const words = `the CSV line could not be read exactly (${err.message}).`;
    if (target) target.errors.push(words[0]!.toUpperCase() + words.slice(1));
  }
  return rows;
}

function readJson(text: string): ImportRow[] {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    throw new CommandError({
      code: 'invalid_input',
      message: `The text is not JSON (${(err as Error).message}). Give an array of contacts, or a contact book export.`,
    });
  }
  const list = Array.isArray(doc) ? doc : (doc as { contacts?: unknown } | null)?.contacts;
  if (!Array.isArray(list)) {
    throw new CommandError({
      code: 'invalid_input',
      message:
        'The JSON must be an array of contacts or an object with a "contacts" array (as the contact book export writes).',
    });
  }
  return list.map((entry, i) =>
    entry && typeof entry === 'object' && !Array.isArray(entry)
      ? readRecord(i + 1, entry as Record<string, unknown>)
      : {
          row: i + 1,
          contact: null,
          errors: ['This entry is not an object with contact fields.'],
          notes: [],
        },
  );
}

export function previewImport(
  text: string,
  format: 'auto' | 'csv' | 'json',
  ctx: ImportContext,
): ImportPreview {
  const chosen = format === 'auto' ? detectFormat(text) : format;
  const rows = chosen === 'json' ? readJson(text) : readCsv(text);
  const seen = new Map<string, number>();
  for (const r of rows) {
    const c = r.contact;
    if (!c) continue;
    if (c.contactId === ctx.supercontactId) {
      r.errors.push(`${c.contactId} is the app's supercontact, which cannot be modified.`);
    }
    const earlier = seen.get(c.contactId);
    if (c.contactId !== '' && earlier !== undefined) {
      r.errors.push(`contact_id ${c.contactId} was already given in row ${earlier}.`);
    } else seen.set(c.contactId, r.row);
    const inBook = ctx.existing.get(c.contactId);
    const owners = inBook ? [...new Set([...inBook, ...(c.owners ?? [])])] : (c.owners ?? []);
    const strangers = owners.filter((o) => !ctx.connectedUserIds.has(o));
    if (strangers.length > 0) {
      r.notes.push(
        `Not connected here: ${strangers.join(', ')}. Their contact/add cannot be sent until they are connected.`,
      );
    }
    if (inBook) {
      r.notes.push(
        owners.length > 0
          ? `${c.contactId} is in the book already: this row replaces its fields, and contact/add is sent for each of its owners (${owners.join(', ')}) so the platform gets them. If the import only records, nothing is sent, and owners whose platform copy then differs are shown as not confirmed.`
          : `${c.contactId} is in the book already: this row replaces its fields; it has no owner to send them to.`,
      );
    }
  }
  const invalid = rows.filter((r) => r.errors.length > 0).length;
  return {
    format: chosen,
    rows,
    valid: rows.length - invalid,
    invalid,
    refusedCsv: refusedRowsCsv(rows),
  };
}
