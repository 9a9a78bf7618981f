// The contact book against the sandbox over loopback HTTP: multi-owner add, an edit that changes
// the contact for every owner, removal per owner, supercontact protection, failures kept for
// retry, import with bad rows (and its progress), export read back by the import.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventPayload } from '../../../src-shared/contract';
import { errorOf } from '../../helpers/command-error';
import {
  connect,
  platformContact,
  startContactsFixture,
  type ContactsFixture,
} from './contacts-fixture';

let f: ContactsFixture;
beforeAll(async () => {
  f = await startContactsFixture();
}, 60_000);
afterAll(async () => {
  await f?.close();
});

const ownersOf = (c: { owners: { userId: string }[] } | null | undefined) =>
  (c?.owners ?? []).map((o) => o.userId).sort();

describe('the contact book', () => {
  it('adds a contact for two owners at once, each with its own call in the journal', async () => {
    const changed: EventPayload<'contacts.changed'>[] = [];
    const off = f.core.events.on('contacts.changed', (b) => changed.push(b));
    const out = await f.core.invoke('contacts.save', {
      contact: {
        contactId: 'order-1',
        displayName: 'Order 1',
        avatarUrl: 'https://example.test/a.png',
        capabilities: ['interactive', 'group_add'],
        owners: [f.ada, f.bob],
      },
    });
    off();
    expect(out.results.map((r) => [r.userId, r.ok, r.status])).toEqual([
      [f.ada, true, 200],
      [f.bob, true, 200],
    ]);
    expect(ownersOf(out.contact)).toEqual([f.ada, f.bob].sort());
    expect(out.contact?.owners.every((o) => o.state === 'ok')).toBe(true);

    const onPlatform = await platformContact(f.sandbox, 'order-1');
    expect(onPlatform?.owners.sort()).toEqual([f.ada, f.bob].sort());
    expect(onPlatform?.capabilities.split(' ').sort()).toEqual(['group_add', 'interactive']);

    // Each owner's call is an api record, sent with that user's token (no user_id).
    const { records } = await f.core.invoke('log.list', { limit: 200 });
    for (const r of out.results) {
      const rec = records.find((x) => x.seq === r.apiSeq);
      expect(rec?.kind).toBe('api');
      if (rec?.kind === 'api') {
        expect(rec.api.url).toMatch(/\/tp\/contact\/add$/);
        expect(rec.api.requestParams.user_id).toBeUndefined();
      }
    }
    expect(changed.at(-1)?.contacts.some((c) => c.contactId === 'order-1')).toBe(true);
  });

  it('an edit through one owner changes the contact for every owner', async () => {
    const out = await f.core.invoke('contacts.save', {
      contact: {
        contactId: 'order-1',
        displayName: 'Order 1 (paid)',
        avatarUrl: '',
        capabilities: ['interactive'],
        owners: [f.ada],
      },
    });
    expect(out.results).toHaveLength(1);
    expect(out.results[0]?.ok).toBe(true);
    // The book keeps both owners: the platform changed the one contact both own.
    expect(ownersOf(out.contact)).toEqual([f.ada, f.bob].sort());
    const onPlatform = await platformContact(f.sandbox, 'order-1');
    expect(onPlatform).toMatchObject({
      display_name: 'Order 1 (paid)',
      capabilities: 'interactive',
      // Cleared in the editor: sent as "" so the platform clears it too.
      avatar_url: '',
    });
    expect(onPlatform?.owners.sort()).toEqual([f.ada, f.bob].sort());
  });

  it("removes one owner's ownership, then the last one deletes the contact", async () => {
    const one = await f.core.invoke('contacts.remove', { contactId: 'order-1', userIds: [f.bob] });
    expect(one.results[0]).toMatchObject({ userId: f.bob, action: 'remove', ok: true });
    expect(ownersOf(one.contact)).toEqual([f.ada]);
    expect((await platformContact(f.sandbox, 'order-1'))?.owners).toEqual([f.ada]);

    const last = await f.core.invoke('contacts.remove', { contactId: 'order-1', userIds: [f.ada] });
    expect(last.contact).toBeNull();
    expect(await platformContact(f.sandbox, 'order-1')).toBeUndefined();
    const book = await f.core.invoke('contacts.list', {});
    expect(book.contacts.some((c) => c.contactId === 'order-1')).toBe(false);
  });

  it('lists the supercontact, marked, and refuses to change or remove it', async () => {
    const book = await f.core.invoke('contacts.list', {});
    const sc = book.contacts.find((c) => c.supercontact);
    expect(sc?.contactId).toBe(f.clientId);
    expect(ownersOf(sc)).toEqual([f.ada, f.bob].sort());

    const save = await errorOf(
      f.core.invoke('contacts.save', {
        contact: { contactId: f.clientId, displayName: 'Mine now', owners: [f.ada] },
      }),
    );
    expect(save.code).toBe('conflict');
    expect(save.message).toMatch(/supercontact/);
    const remove = await errorOf(
      f.core.invoke('contacts.remove', { contactId: f.clientId, userIds: [f.ada] }),
    );
    expect(remove.code).toBe('conflict');
    expect(remove.message).toMatch(/cannot be removed/);
  });

  it('refuses a draft that breaks the rules before sending anything, field by field', async () => {
    const before = (await f.core.invoke('log.list', { limit: 1 })).lastSeq;
    const err = await errorOf(
      f.core.invoke('contacts.save', {
        contact: {
          contactId: 'has space',
          displayName: 'x'.repeat(129),
          avatarUrl: 'ftp://example.test/a.png',
          owners: [],
        },
      }),
    );
    expect(err.code).toBe('invalid_input');
    expect(err.issues?.map((i) => i.path).sort()).toEqual(
      ['avatarUrl', 'contactId', 'displayName', 'owners'].sort(),
    );
    expect((await f.core.invoke('log.list', { limit: 1 })).lastSeq).toBe(before);
  });

  it('keeps a failed owner for retry, and the retry succeeds once the user is connected', async () => {
    const out = await f.core.invoke('contacts.save', {
      contact: { contactId: 'ticket-7', displayName: 'Ticket 7', owners: [f.ada, f.cleo] },
    });
    const [ok, failed] = out.results;
    expect(ok).toMatchObject({ userId: f.ada, ok: true });
    expect(failed).toMatchObject({ userId: f.cleo, ok: false, apiSeq: null });
    expect(failed?.message).toMatch(/was not sent/);
    const cleo = out.contact?.owners.find((o) => o.userId === f.cleo);
    expect(cleo).toMatchObject({ state: 'failed', failedAction: 'add' });

    await connect(f.core, f.sandbox, f.cleo);
    const retried = await f.core.invoke('contacts.retry', { contactId: 'ticket-7' });
    expect(retried.results).toHaveLength(1);
    expect(retried.results[0]).toMatchObject({ userId: f.cleo, ok: true, status: 200 });
    expect(retried.contact?.owners.every((o) => o.state === 'ok')).toBe(true);
    expect((await platformContact(f.sandbox, 'ticket-7'))?.owners.sort()).toEqual(
      [f.ada, f.cleo].sort(),
    );
    const nothing = await errorOf(f.core.invoke('contacts.retry', { contactId: 'ticket-7' }));
    expect(nothing.code).toBe('conflict');
  });

  it('two saves of one contact at once keep both owners (one operation at a time per contact)', async () => {
    const save = (owner: string) =>
      f.core.invoke('contacts.save', {
        contact: { contactId: 'race-1', displayName: 'Race', owners: [owner] },
      });
    const [a, b] = await Promise.all([save(f.ada), save(f.bob)]);
    expect([a.results[0]?.ok, b.results[0]?.ok]).toEqual([true, true]);
    const book = await f.core.invoke('contacts.list', {});
    expect(ownersOf(book.contacts.find((c) => c.contactId === 'race-1'))).toEqual(
      [f.ada, f.bob].sort(),
    );
    await f.core.invoke('contacts.remove', { contactId: 'race-1', userIds: [f.ada, f.bob] });
  });

  it('a refusal by the platform is kept with its words (undocumented capability)', async () => {
    const out = await f.core.invoke('contacts.save', {
      contact: {
        contactId: 'psychic',
        displayName: 'Psychic',
        capabilities: ['telepathy'],
        owners: [f.ada],
      },
    });
    expect(out.results[0]).toMatchObject({ ok: false, status: 400 });
    expect(out.results[0]?.message).toMatch(/telepathy/);
    expect(out.contact?.owners[0]).toMatchObject({ state: 'failed', failedAction: 'add' });
  });

  it('imports a CSV: bad rows are named and skipped, good rows are sent, with progress', async () => {
    const csv = [
      'contact_id,display_name,avatar_url,capabilities,owners',
      `imp-1,Imported one,,interactive,${f.ada}`,
      `bad id!,Broken,,,${f.ada}`,
      `imp-2,Imported two,not-a-url,,${f.bob}`,
      `imp-3,"Three, with a comma",https://example.test/3.png,group_add interactive,${f.ada} ${f.bob}`,
    ].join('\n');
    const preview = await f.core.invoke('contacts.importPreview', { text: csv });
    expect(preview.format).toBe('csv');
    expect(preview.rows.map((r) => r.errors.length > 0)).toEqual([false, true, true, false]);
    expect(preview.rows[1]?.errors.join(' ')).toMatch(/contact_id must be 1 to 64 characters/);
    expect(preview.rows[2]?.errors.join(' ')).toMatch(
      /avatar_url must be an absolute http\(s\) URL/,
    );
    expect(preview.rows[3]?.contact?.displayName).toBe('Three, with a comma');

    const progress: EventPayload<'contacts.importProgress'>[] = [];
    const off = f.core.events.on('contacts.importProgress', (p) => progress.push(p));
    let changes = 0;
    const offChanged = f.core.events.on('contacts.changed', () => changes++);
    const out = await f.core.invoke('contacts.import', { text: csv, importId: 'imp-test' });
    off();
    offChanged();
    // One contacts.changed for the whole import, not one (with the whole book) per row.
    expect(changes).toBe(1);
    expect(out.imported).toBe(2);
    expect(out.failed).toEqual([]);
    expect(progress.map((p) => p.done)).toEqual([0, 1, 2]);
    expect(progress.every((p) => p.total === 2 && p.importId === 'imp-test')).toBe(true);
    expect((await platformContact(f.sandbox, 'imp-3'))?.owners.sort()).toEqual(
      [f.ada, f.bob].sort(),
    );
    expect(await platformContact(f.sandbox, 'imp-2')).toBeUndefined();
  });

  it('records a JSON import without sending when asked, owners marked as imported', async () => {
    const before = (await f.core.invoke('log.list', { limit: 1 })).lastSeq;
    const json = JSON.stringify([
      { contact_id: 'legacy-1', display_name: 'Legacy', owners: [f.bob] },
      { contact_id: f.clientId, display_name: 'Supercontact' },
      'not an object',
    ]);
    const out = await f.core.invoke('contacts.import', { text: json, send: false });
    expect(out.imported).toBe(1);
    expect(out.preview.rows[1]?.errors.join(' ')).toMatch(/supercontact/);
    expect(out.preview.rows[2]?.errors.join(' ')).toMatch(/not an object/);
    expect((await f.core.invoke('log.list', { limit: 1 })).lastSeq).toBe(before);
    const book = await f.core.invoke('contacts.list', {});
    expect(book.contacts.find((c) => c.contactId === 'legacy-1')?.owners).toMatchObject([
      { userId: f.bob, state: 'imported' },
    ]);
    const forgotten = await f.core.invoke('contacts.forget', { contactId: 'legacy-1' });
    expect(forgotten.contacts.some((c) => c.contactId === 'legacy-1')).toBe(false);
  });

  it('an import row for a contact in the book updates it on the platform for every owner', async () => {
    await f.core.invoke('contacts.save', {
      contact: { contactId: 'c1', displayName: 'Contact One', owners: [f.ada] },
    });
    const csv = 'contact_id,display_name,avatar_url,capabilities,owners\nc1,Overwrite One,,,\n';
    const preview = await f.core.invoke('contacts.importPreview', { text: csv });
    expect(preview.rows[0]?.notes.join(' ')).toMatch(
      new RegExp(
        `c1 is in the book already: .*contact/add is sent for each of its owners \\(${f.ada}\\)`,
      ),
    );
    const before = (await f.core.invoke('log.list', { limit: 1 })).lastSeq;
    const out = await f.core.invoke('contacts.import', { text: csv });
    expect(out.failed).toEqual([]);
    // The row names no owner: the one the book has (Ada) is sent the new fields.
    const { records } = await f.core.invoke('log.list', { limit: 200 });
    const adds = records.filter(
      (r) => r.seq > before && r.kind === 'api' && r.api.url.endsWith('/tp/contact/add'),
    );
    expect(adds).toHaveLength(1);
    expect((await platformContact(f.sandbox, 'c1'))?.display_name).toBe('Overwrite One');
    const c1 = (await f.core.invoke('contacts.list', {})).contacts.find(
      (c) => c.contactId === 'c1',
    );
    expect(c1?.displayName).toBe('Overwrite One');
    expect(c1?.owners).toMatchObject([{ userId: f.ada, state: 'ok', apiSeq: adds[0]?.seq }]);

    // Recorded only: the platform keeps "Overwrite One", so Ada is not shown as confirmed, and
    // Bob (named by the row) is recorded, not confirmed either.
    const quiet = `contact_id,display_name,owners\nc1,Recorded Only,${f.bob}\n`;
    const seqBefore = (await f.core.invoke('log.list', { limit: 1 })).lastSeq;
    await f.core.invoke('contacts.import', { text: quiet, send: false });
    expect((await f.core.invoke('log.list', { limit: 1 })).lastSeq).toBe(seqBefore);
    expect((await platformContact(f.sandbox, 'c1'))?.display_name).toBe('Overwrite One');
    const recorded = (await f.core.invoke('contacts.list', {})).contacts.find(
      (c) => c.contactId === 'c1',
    );
    expect(recorded?.displayName).toBe('Recorded Only');
    expect(recorded?.owners).toMatchObject([
      { userId: f.ada, state: 'imported' },
      { userId: f.bob, state: 'imported' },
    ]);

    // Sending again reaches both owners, and both are confirmed.
    const again = await f.core.invoke('contacts.import', {
      text: 'contact_id,display_name\nc1,Sent Again\n',
    });
    expect(again.failed).toEqual([]);
    expect(await platformContact(f.sandbox, 'c1')).toMatchObject({ display_name: 'Sent Again' });
    expect((await platformContact(f.sandbox, 'c1'))?.owners.sort()).toEqual([f.ada, f.bob].sort());
    const sent = (await f.core.invoke('contacts.list', {})).contacts.find(
      (c) => c.contactId === 'c1',
    );
    expect(sent?.owners.map((o) => o.state)).toEqual(['ok', 'ok']);
    await f.core.invoke('contacts.remove', { contactId: 'c1', userIds: [f.ada, f.bob] });
  });

  it('exports the book as CSV and JSON that the import reads back without errors', async () => {
    for (const format of ['csv', 'json'] as const) {
      const file = await f.core.invoke('contacts.export', { format });
      expect(file.filename.endsWith(`.${format}`)).toBe(true);
      expect(file.content).toContain('imp-3');
      expect(file.content).not.toContain(f.clientId);
      const back = await f.core.invoke('contacts.importPreview', { text: file.content });
      expect(back.format).toBe(format);
      expect(back.invalid).toBe(0);
      const imp3 = back.rows.find((r) => r.contact?.contactId === 'imp-3')?.contact;
      expect(imp3?.displayName).toBe('Three, with a comma');
      expect(imp3?.owners?.slice().sort()).toEqual([f.ada, f.bob].sort());
    }
  });
});
