// The contact editor in Chromium through the headless host, against the embedded sandbox: add a
// contact with interactive and group_add for a connected user, see the per-owner result, edit it
// (the every-owner warning first), import a CSV with a bad row, export JSON.
import { readFile } from 'node:fs/promises';
import { describe, expect, test } from 'vitest';
import { POLL, useAppSession } from './support/app-session';
import { connectSandboxUser, ContactsPage } from './pages/contacts-page';
import type { RunningHost } from './support/host';

const session = useAppSession();

interface PlatformContact {
  contact_id: string;
  display_name: string;
  capabilities: string;
  owners: string[];
}
async function platformContact(running: RunningHost, contactId: string) {
  const res = await fetch(`${running.ready.sandbox}/_sandbox/state`);
  const state = (await res.json()) as { contacts: PlatformContact[] };
  return state.contacts.find((c) => c.contact_id === contactId);
}

describe('the contact editor', () => {
  test('adds a contact for a connected user, shows the result per owner, then edits it', async () => {
    const running = await session.host();
    const app = await session.openApp(running);
    const contacts = new ContactsPage(app.page);
    await contacts.open();
    const user = await connectSandboxUser(app.page, running);

    // The supercontact is listed first, marked, with nothing that would change it.
    const sc = contacts.list.getByRole('listitem').first();
    await expect.poll(() => sc.innerText(), POLL).toMatch(/supercontact/i);
    expect(await sc.getByRole('button', { name: /^(Edit|Remove)/ }).count()).toBe(0);

    await contacts.add({
      contactId: 'order-1042',
      displayName: 'Order 1042',
      capabilities: ['interactive', 'group_add'],
      owners: [user.id],
    });
    const results = contacts.results('order-1042');
    await expect.poll(() => results.innerText(), POLL).toContain(`${user.name} ${user.surname}`);
    expect(await results.innerText()).toMatch(/contact\/add · 200/);
    const row = contacts.row('order-1042');
    expect(await row.getByRole('list', { name: 'Capabilities' }).innerText()).toMatch(
      /interactive[\s\S]*group_add/,
    );
    expect(await row.getByRole('list', { name: 'Owners of order-1042' }).innerText()).toMatch(
      /confirmed/,
    );
    const added = await platformContact(running, 'order-1042');
    expect(added?.owners).toEqual([user.id]);
    expect(added?.capabilities.split(' ').sort()).toEqual(['group_add', 'interactive']);

    // Edit: the warning is there before anything is sent.
    await row.getByRole('button', { name: 'Edit order-1042' }).click();
    const form = contacts.form('order-1042');
    const warning = form.getByRole('note');
    expect(await warning.innerText()).toMatch(/for every owner on the platform/);
    // Keyboard first: Ctrl+Enter saves from any field.
    await form.getByRole('textbox', { name: 'Display name' }).fill('Order 1042 (paid)');
    await app.page.keyboard.press('Control+Enter');
    await expect
      .poll(async () => (await platformContact(running, 'order-1042'))?.display_name, POLL)
      .toBe('Order 1042 (paid)');
    await expect.poll(() => row.innerText(), POLL).toContain('Order 1042 (paid)');

    // Adding an id the book holds is an edit too, and says so; the supercontact's id is refused.
    await contacts.addButton.click();
    const again = contacts.form();
    const idField = again.getByRole('textbox', { name: 'contact_id' });
    await idField.fill('order-1042');
    expect(await again.getByRole('note').innerText()).toMatch(/in the book already/);
    const superId = (await sc.getByRole('code').first().innerText()).trim();
    await idField.fill(superId);
    expect(await again.innerText()).toContain(`${superId} is the app's supercontact`);
  });

  test('imports a JSON file chosen with the file picker', async () => {
    const running = await session.host();
    const app = await session.openApp(running);
    const contacts = new ContactsPage(app.page);
    await contacts.open();
    await contacts.importButton.click();
    const json = JSON.stringify([{ contact_id: 'from-file', display_name: 'From a file' }]);
    await contacts.importPanel.getByLabel('CSV or JSON file').setInputFiles({
      name: 'contacts.json',
      mimeType: 'application/json',
      buffer: Buffer.from(json),
    });
    // Choosing a file previews it at once.
    await contacts.importPreview.waitFor();
    expect(await contacts.importPanel.innerText()).toMatch(/1 row\(s\) read as JSON: 1 valid, 0/);
    await contacts.importPanel.getByRole('checkbox', { name: /Send contact\/add/ }).uncheck();
    await contacts.importPanel.getByRole('button', { name: 'Import 1 valid row(s)' }).click();
    await expect.poll(() => contacts.row('from-file').count(), POLL).toBe(1);
    expect(await contacts.row('from-file').innerText()).toMatch(/No owner recorded/);
    // Esc closes the add form without sending anything.
    await contacts.addButton.click();
    await contacts.form().getByRole('textbox', { name: 'contact_id' }).fill('never-sent');
    await app.page.keyboard.press('Escape');
    await expect.poll(() => contacts.form().count(), POLL).toBe(0);
  });

  test('an import row for a contact in the book: recorded, it is not confirmed; sent, every owner gets it', async () => {
    const running = await session.host();
    const app = await session.openApp(running);
    const contacts = new ContactsPage(app.page);
    await contacts.open();
    const user = await connectSandboxUser(app.page, running);
    await contacts.add({
      contactId: 'c1',
      displayName: 'Contact One',
      capabilities: [],
      owners: [user.id],
    });
    await expect.poll(() => contacts.results('c1').innerText(), POLL).toMatch(/contact\/add · 200/);

    const importRow = async (send: boolean) => {
      await contacts.importButton.click();
      await contacts.importPanel
        .getByRole('textbox', { name: 'Or paste CSV or JSON' })
        .fill('contact_id,display_name,avatar_url,capabilities,owners\nc1,Overwrite One,,,\n');
      await contacts.importPanel.getByRole('button', { name: 'Preview' }).click();
      await contacts.importPreview.waitFor();
      expect(await contacts.importPreview.innerText()).toContain(
        `c1 is in the book already: this row replaces its fields, and contact/add is sent for each of its owners (${user.id})`,
      );
      await contacts.importPanel
        .getByRole('checkbox', { name: /Send contact\/add/ })
        .setChecked(send);
      await contacts.importPanel.getByRole('button', { name: 'Import 1 valid row(s)' }).click();
      await expect
        .poll(() => contacts.importPanel.innerText(), POLL)
        .toMatch(/Imported 1 row\(s\)/);
    };
    const owners = contacts.row('c1').getByRole('list', { name: 'Owners of c1' });

    // Recorded only: the platform still has "Contact One", so the owner is not shown as confirmed,
    // and the add's "✓ · 200" from before is no longer shown under the row.
    await importRow(false);
    await expect.poll(() => owners.innerText(), POLL).toMatch(/imported, not confirmed/);
    expect(await contacts.row('c1').innerText()).toContain('Overwrite One');
    expect(await contacts.results('c1').count()).toBe(0);
    expect((await platformContact(running, 'c1'))?.display_name).toBe('Contact One');

    // Sent: the owner the book has gets contact/add although the row names none.
    await contacts.importButton.click();
    await importRow(true);
    await expect
      .poll(async () => (await platformContact(running, 'c1'))?.display_name, POLL)
      .toBe('Overwrite One');
    await expect.poll(() => owners.innerText(), POLL).toMatch(/ · confirmed/);
  });

  test('says what is wrong with a field before sending, in words', async () => {
    const running = await session.host();
    const app = await session.openApp(running);
    const contacts = new ContactsPage(app.page);
    await contacts.open();
    await contacts.addButton.click();
    const form = contacts.form();
    await form.getByRole('textbox', { name: 'contact_id' }).fill('bad id!');
    await form.getByRole('textbox', { name: 'Avatar URL' }).fill('ftp://example.test/a.png');
    await form.getByRole('button', { name: 'Save contact' }).click();
    const text = await form.innerText();
    expect(text).toMatch(/contact_id must be 1 to 64 characters/);
    expect(text).toMatch(/avatar_url must be an absolute http\(s\) URL/);
    expect(text).toMatch(/Choose at least one owner/);
    expect(await platformContact(running, 'bad id!')).toBeUndefined();
  });

  test('imports a CSV with a bad row (the row error is shown) and exports JSON', async () => {
    const running = await session.host();
    const app = await session.openApp(running);
    const contacts = new ContactsPage(app.page);
    await contacts.open();
    const user = await connectSandboxUser(app.page, running);

    await contacts.previewImport([
      'contact_id,display_name,avatar_url,capabilities,owners',
      `imp-1,Imported one,,interactive,${user.id}`,
      `bad id!,Broken,,,${user.id}`,
    ]);
    expect(await contacts.importPreview.innerText()).toMatch(
      /Row 2: contact_id must be 1 to 64 characters/,
    );
    await contacts.importPanel.getByRole('button', { name: 'Import 1 valid row(s)' }).click();
    await expect
      .poll(() => contacts.importPanel.innerText(), POLL)
      .toMatch(/Imported 1 row\(s\); 1 row\(s\) with errors were left out/);
    await expect.poll(() => contacts.row('imp-1').count(), POLL).toBe(1);
    expect((await platformContact(running, 'imp-1'))?.owners).toEqual([user.id]);

    const download = await contacts.export('JSON');
    expect(download.suggestedFilename()).toMatch(/^contacts-sandbox-.*\.json$/);
    const exported = JSON.parse(await readFile(await download.path(), 'utf8')) as {
      contacts: { contact_id: string; owners: string[] }[];
    };
    expect(exported.contacts).toEqual([
      expect.objectContaining({ contact_id: 'imp-1', owners: [user.id] }),
    ]);
  });

  test('the CSV export writes a name that starts like a formula behind a quote, and says so', async () => {
    const running = await session.host();
    const app = await session.openApp(running);
    const contacts = new ContactsPage(app.page);
    await contacts.open();
    const user = await connectSandboxUser(app.page, running);

    await contacts.previewImport([
      'contact_id,display_name,avatar_url,capabilities,owners',
      `formula-1,=HYPERLINK("https://example.test"),,,${user.id}`,
    ]);
    await contacts.importPanel.getByRole('button', { name: 'Import 1 valid row(s)' }).click();
    await expect.poll(() => contacts.row('formula-1').count(), POLL).toBe(1);

    // The button's description is the note beside it: a person learns why the quote is there.
    const exportCsv = contacts.toolbar.getByRole('button', { name: 'Export CSV' });
    const noteId = await exportCsv.getAttribute('aria-describedby');
    expect(noteId).toBeTruthy();
    expect(await app.page.locator(`#${noteId}`).innerText()).toMatch(
      /leading ' so no spreadsheet runs it as\s+a formula/,
    );

    const download = await contacts.export('CSV');
    const csv = await readFile(await download.path(), 'utf8');
    expect(csv).toContain(`"'=HYPERLINK(""https://example.test"")"`);
    expect(csv).not.toMatch(/,"?=HYPERLINK/);
  });
});
