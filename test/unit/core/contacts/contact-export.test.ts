// The CSV export and formula injection: a cell a spreadsheet would run is written behind a quote,
// and the import reads back what the export wrote.
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { BookContact } from '../../../../src-shared/contract';
import { exportBook } from '../../../../src-main/core/contacts/contact-export';
import { previewImport } from '../../../../src-main/core/contacts/contact-import';

function contact(contactId: string, displayName: string, owners: string[] = []): BookContact {
  return {
    contactId,
    displayName,
    avatarUrl: '',
    capabilities: ['interactive'],
    owners: owners.map((userId) => ({
      userId,
      state: 'ok',
      failedAction: null,
      error: null,
      apiSeq: null,
      at: '2026-01-01T00:00:00.000Z',
    })),
    supercontact: false,
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

const NAMES = [
  '=HYPERLINK("http://evil.example","Click")',
  '+1 555 0100',
  '-2+3',
  '@SUM(A1:A2)',
  '\tTabbed',
  '\rReturn',
  "'=already quoted",
  "''+twice",
  "O'Brien",
  "'plain quote",
  'Plain name',
];
const book = [
  ...NAMES.map((name, i) => contact(`c${i}`, name, ['u1'])),
  contact('-dash-id', 'Dash id', ['-u2']),
];
const csvCells = () =>
  Papa.parse<string[]>(exportBook(book, 'csv', 'p').content, { skipEmptyLines: true }).data.slice(
    1,
  );

describe('contacts CSV export', () => {
  it('writes a cell that starts with = + - @, a tab or a carriage return behind a single quote', () => {
    const names = csvCells().map((row) => row[1]);
    expect(names.slice(0, 6)).toEqual([
      `'=HYPERLINK("http://evil.example","Click")`,
      "'+1 555 0100",
      "'-2+3",
      "'@SUM(A1:A2)",
      "'\tTabbed",
      "'\rReturn",
    ]);
    // Quotes already before such a character get one more; other cells are left as they are.
    expect(names.slice(6)).toEqual([
      "''=already quoted",
      "'''+twice",
      "O'Brien",
      "'plain quote",
      'Plain name',
      'Dash id',
    ]);
    // Every column, not only the name.
    expect(csvCells().at(-1)).toEqual(["'-dash-id", 'Dash id', '', 'interactive', "'-u2"]);
  });

  it('leaves the JSON export as the book holds it', () => {
    const doc = JSON.parse(exportBook(book, 'json', 'p').content) as {
      contacts: { display_name: string }[];
    };
    expect(doc.contacts.map((c) => c.display_name)).toEqual([...NAMES, 'Dash id']);
  });

  it('reads back, through the import, exactly what it wrote', () => {
    const preview = previewImport(exportBook(book, 'csv', 'p').content, 'auto', {
      supercontactId: 'app',
      connectedUserIds: new Set(['u1', '-u2']),
      existing: new Map(),
    });
    expect(preview.format).toBe('csv');
    expect(preview.rows.map((r) => r.contact?.displayName)).toEqual([...NAMES, 'Dash id']);
    expect(preview.rows.at(-1)?.contact).toMatchObject({ contactId: '-dash-id', owners: ['-u2'] });
  });

  it('the import takes one quote off a cell only before = + - @, a tab or a carriage return', () => {
    const csv = "contact_id,display_name\r\na,'=SUM(1)\r\nb,''@x\r\nc,'plain\r\nd,O'Brien\r\n";
    const rows = previewImport(csv, 'csv', {
      supercontactId: 'app',
      connectedUserIds: new Set(),
      existing: new Map(),
    }).rows;
    expect(rows.map((r) => r.contact?.displayName)).toEqual([
      '=SUM(1)',
      "'@x",
      "'plain",
      "O'Brien",
    ]);
  });
});
