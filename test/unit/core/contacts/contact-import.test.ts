// Reading contacts from CSV and JSON, and the per-field rules (from the endpoint catalog).
import { describe, expect, it } from 'vitest';
import { CommandError } from '../../../../src-shared/contract';
import {
  detectFormat,
  ownersToUpdate,
  previewImport,
} from '../../../../src-main/core/contacts/contact-import';
import { checkContact, DOCUMENTED_CAPABILITIES } from '../../../../src-shared/rules/contact-rules';

const ctx = {
  supercontactId: 'app123',
  connectedUserIds: new Set(['u1', 'u2']),
  existing: new Map([['known', ['u2']]]),
};

describe('checkContact', () => {
  it('accepts a well-formed contact, documented capabilities and an empty avatar', () => {
    expect(DOCUMENTED_CAPABILITIES).toEqual(['group_add', 'interactive']);
    const check = checkContact(
      {
        contactId: 'a.B_c-9',
        displayName: 'A',
        avatarUrl: '',
        capabilities: ['interactive'],
        owners: ['u1'],
      },
      { requireOwners: true },
    );
    expect(check).toEqual({ errors: [], notes: [] });
  });

  it('names each broken field in words', () => {
    const { errors } = checkContact(
      { contactId: 'x'.repeat(65), displayName: '', avatarUrl: 'javascript:alert(1)', owners: [] },
      { requireOwners: true },
    );
    const by = Object.fromEntries(errors.map((e) => [e.field, e.message]));
    expect(by.contactId).toMatch(/1 to 64 characters of A-Z a-z 0-9 \. _ -/);
    expect(by.displayName).toMatch(/display_name/);
    expect(by.avatarUrl).toMatch(/absolute http\(s\) URL/);
    expect(by.owners).toMatch(/at least one owner/);
  });

  it('counts characters, not UTF-16 units, for the 128-character display name', () => {
    expect(checkContact({ contactId: 'a', displayName: '😀'.repeat(128) }).errors).toEqual([]);
    expect(checkContact({ contactId: 'a', displayName: '😀'.repeat(129) }).errors).toHaveLength(1);
  });

  it('lets an undocumented capability through with a note, but not one with a space', () => {
    const { errors, notes } = checkContact({
      contactId: 'a',
      displayName: 'A',
      capabilities: ['telepathy', 'two words'],
    });
    expect(notes.map((n) => n.message).join()).toMatch(/telepathy.*not a documented capability/);
    expect(errors.map((e) => e.message).join()).toMatch(/one word without spaces/);
  });
});

describe('previewImport', () => {
  it('tells JSON from CSV by the first character', () => {
    expect(detectFormat('  [{"contact_id":"a"}]')).toBe('json');
    expect(detectFormat('{"contacts":[]}')).toBe('json');
    expect(detectFormat('contact_id,display_name\n')).toBe('csv');
  });

  it('reads CSV with quotes, CRLF, camelCase headers and lists; bad rows keep their errors', () => {
    const csv =
      'contactId,Display Name,capabilities,owners\r\n' +
      'known,"Known, updated",interactive,u1 u3\r\n' +
      'bad id,Bad,,\r\n' +
      '\r\n' +
      'ok-2,"Says ""hi""",group_add group_add,u2\r\n';
    const p = previewImport(csv, 'auto', ctx);
    expect(p.format).toBe('csv');
    expect(p.rows.map((r) => r.row)).toEqual([1, 2, 3]);
    expect(p.valid).toBe(2);
    expect(p.invalid).toBe(1);
    expect(p.rows[0]?.contact).toMatchObject({
      contactId: 'known',
      displayName: 'Known, updated',
      owners: ['u1', 'u3'],
    });
    expect(p.rows[0]?.notes.join(' ')).toMatch(/Not connected here: u3/);
    // The update goes to the owners the book has (u2) and the row's (u1, u3), and says so.
    expect(p.rows[0]?.notes.join(' ')).toMatch(
      /known is in the book already: this row replaces its fields, and contact\/add is sent for each of its owners \(u2, u1, u3\)/,
    );
    expect(p.rows[0]?.notes.join(' ')).toMatch(/only records, nothing is sent/);
    expect(p.rows[1]?.errors.join(' ')).toMatch(/contact_id/);
    expect(p.rows[2]?.contact?.displayName).toBe('Says "hi"');
    expect(p.rows[2]?.contact?.capabilities).toEqual(['group_add']);
  });

  it('updates a contact in the book for its owners even when the row names none', () => {
    const p = previewImport('contact_id,display_name,owners\nknown,Overwrite,\n', 'csv', ctx);
    expect(p.rows[0]?.errors).toEqual([]);
    expect(p.rows[0]?.notes.join(' ')).toMatch(/sent for each of its owners \(u2\)/);
    const orphan = previewImport('contact_id,display_name\nknown,Overwrite\n', 'csv', {
      ...ctx,
      existing: new Map([['known', []]]),
    });
    expect(orphan.rows[0]?.notes.join(' ')).toMatch(/it has no owner to send them to/);
  });

  it('flags a repeated contact_id, the supercontact and a ragged CSV line', () => {
    const csv = 'contact_id,display_name\nx,One\nx,Two\napp123,Super\ny,Why,extra\n';
    const p = previewImport(csv, 'csv', ctx);
    expect(p.rows[1]?.errors.join(' ')).toMatch(/already given in row 1/);
    expect(p.rows[2]?.errors.join(' ')).toMatch(/supercontact/);
    expect(p.rows[3]?.errors.join(' ')).toMatch(/could not be read exactly/);
  });

  it('refuses a CSV without the needed columns, in words', () => {
    let caught: unknown;
    try {
      previewImport('id,name\na,b\n', 'csv', ctx);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(CommandError);
    expect((caught as CommandError).message).toMatch(/contact_id and display_name/);
  });

  it('reads JSON arrays and exports, with lists as arrays or text, and names bad entries', () => {
    const p = previewImport(
      JSON.stringify({
        contacts: [
          { contact_id: 'j1', display_name: 'J1', capabilities: ['interactive'], owners: 'u1 u2' },
          { contactId: 'j2', displayName: 42, owners: [{ userId: 'u1' }] },
          { contact_id: 'j3', display_name: { no: 1 } },
          null,
        ],
      }),
      'auto',
      ctx,
    );
    expect(p.format).toBe('json');
    expect(p.rows[0]?.contact).toMatchObject({
      owners: ['u1', 'u2'],
      capabilities: ['interactive'],
    });
    expect(p.rows[1]?.contact).toMatchObject({ displayName: '42', owners: ['u1'] });
    expect(p.rows[2]?.errors.join(' ')).toMatch(/display_name must be text/);
    expect(p.rows[3]?.errors.join(' ')).toMatch(/not an object/);
  });

  it('refuses text that is not JSON when JSON is chosen', () => {
    expect(() => previewImport('[oops', 'json', ctx)).toThrow(/not JSON/);
  });
});

describe('ownersToUpdate', () => {
  const owner = (
    userId: string,
    state: 'ok' | 'failed' | 'imported',
    failedAction = null as 'add' | 'remove' | null,
  ) => ({
    userId,
    state,
    failedAction,
    error: null,
    apiSeq: null,
    at: '2025-01-01T00:00:00.000Z',
  });
  it("is the book's owners, then the row's, without one whose removal waits for a retry", () => {
    expect(
      ownersToUpdate(
        [
          owner('a', 'ok'),
          owner('b', 'imported'),
          owner('c', 'failed', 'add'),
          owner('d', 'failed', 'remove'),
        ],
        ['e', 'a'],
      ),
    ).toEqual(['a', 'b', 'c', 'e']);
    // Named by the row, an owner is sent the contact whatever the book said.
    expect(ownersToUpdate([owner('d', 'failed', 'remove')], ['d'])).toEqual(['d']);
  });
});
