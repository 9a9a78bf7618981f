// The contact editor with several owners: removal for one owner only, a call the platform refuses
// kept with its words and a Retry, and the progress bar of an import while its calls go out.
import { describe, expect, test } from 'vitest';
import { POLL, useAppSession } from './support/app-session';
import { tapEngine, type EngineTap } from './support/engine-tap';
import type { RunningHost } from './support/host';
import { connectSandboxUser, ContactsPage } from './pages/contacts-page';

const session = useAppSession();

async function ownersOnPlatform(running: RunningHost, contactId: string) {
  const res = await fetch(`${running.ready.sandbox}/_sandbox/state`);
  const state = (await res.json()) as { contacts: { contact_id: string; owners: string[] }[] };
  return state.contacts
    .find((c) => c.contact_id === contactId)
    ?.owners.slice()
    .sort();
}

describe('contacts with several owners', () => {
  test('adds for two owners at once, then removes it for one of them only', async () => {
    const running = await session.host();
    const app = await session.openApp(running);
    const contacts = new ContactsPage(app.page);
    await contacts.open();
    const ana = await connectSandboxUser(app.page, running, 0);
    const jonas = await connectSandboxUser(app.page, running, 1);

    await contacts.add({
      contactId: 'shared-1',
      displayName: 'Shared',
      capabilities: [],
      owners: [ana.id, jonas.id],
    });
    const results = contacts.results('shared-1');
    await expect.poll(() => results.getByRole('listitem').count(), POLL).toBe(2);
    expect(await ownersOnPlatform(running, 'shared-1')).toEqual([ana.id, jonas.id].sort());

    const row = contacts.row('shared-1');
    await row
      .getByRole('button', { name: new RegExp(`^Remove shared-1 for .*${jonas.id}`) })
      .click();
    await expect.poll(() => ownersOnPlatform(running, 'shared-1'), POLL).toEqual([ana.id]);
    const owners = row.getByRole('list', { name: 'Owners of shared-1' });
    await expect.poll(() => owners.getByRole('listitem').count(), POLL).toBe(1);
    expect(await owners.innerText()).toContain(ana.id);
    // The owners follow the engine's contacts.changed; the results come with the answer after it
    // (until then the add's results are still shown).
    await expect.poll(() => results.innerText(), POLL).toMatch(/contact\/remove · 200/);

    // Back to two owners, then "Remove for all", confirmed: the contact is gone everywhere.
    await row.getByRole('button', { name: 'Edit shared-1' }).click();
    const form = contacts.form('shared-1');
    await form.getByRole('checkbox', { name: new RegExp(jonas.id) }).check();
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect
      .poll(() => ownersOnPlatform(running, 'shared-1'), POLL)
      .toEqual([ana.id, jonas.id].sort());
    await row.getByRole('button', { name: 'Remove for all…' }).click();
    await row
      .getByRole('group', { name: 'Remove shared-1 for all' })
      .getByRole('button', { name: 'Remove for all 2' })
      .click();
    await expect.poll(() => ownersOnPlatform(running, 'shared-1'), POLL).toBeUndefined();
    await expect.poll(() => contacts.row('shared-1').count(), POLL).toBe(0);
  });

  test('keeps a call the platform refused, in its words, with Retry', async () => {
    const running = await session.host();
    const app = await session.openApp(running);
    const contacts = new ContactsPage(app.page);
    await contacts.open();
    const ana = await connectSandboxUser(app.page, running, 0);

    await contacts.addButton.click();
    const form = contacts.form();
    await form.getByRole('textbox', { name: 'contact_id' }).fill('psychic');
    await form.getByRole('textbox', { name: 'Display name' }).fill('Psychic');
    await form.getByRole('textbox', { name: 'Other capabilities' }).fill('telepathy');
    // Not blocked: the platform may know more values than the document lists.
    expect(await form.innerText()).toMatch(/"telepathy" is not a documented capability/);
    await form.getByRole('checkbox', { name: new RegExp(ana.id) }).check();
    await form.getByRole('button', { name: 'Save contact' }).click();

    const results = contacts.results('psychic');
    await expect.poll(() => results.innerText(), POLL).toMatch(/400 invalid_request/);
    expect(await results.innerText()).toContain('telepathy');
    const retry = results.getByRole('button', { name: /^Retry contact\/add of psychic/ });
    expect(await retry.count()).toBe(1);
    expect(await contacts.row('psychic').innerText()).toMatch(/failed/);
  });

  test('shows an import in progress with a progress bar, then its outcome', async () => {
    const running = await session.host();
    let tap: EngineTap | undefined;
    const app = await session.openApp(running, {
      beforeOpen: async (page) => void (tap = await tapEngine(page)),
    });
    const contacts = new ContactsPage(app.page);
    await contacts.open();
    const ana = await connectSandboxUser(app.page, running, 0);

    await contacts.importButton.click();
    await contacts.importPanel
      .getByRole('textbox', { name: 'Or paste CSV or JSON' })
      .fill(`contact_id,display_name,owners\np-1,One,${ana.id}\np-2,Two,${ana.id}\n`);
    await contacts.importPanel.getByRole('button', { name: 'Preview' }).click();
    await contacts.importPreview.waitFor();
    // The engine's answer is held back, so the calls finish while the import still looks busy.
    const release = tap!.hold('contacts.import');
    await contacts.importPanel.getByRole('button', { name: 'Import 2 valid row(s)' }).click();
    const bar = contacts.importPanel.getByRole('progressbar', { name: 'Import progress' });
    await expect.poll(() => bar.getAttribute('value'), POLL).toBe('2');
    expect(await contacts.importPanel.innerText()).toMatch(/Importing: 2 of 2 row\(s\) done/);
    release();
    await expect.poll(() => contacts.importPanel.innerText(), POLL).toMatch(/Imported 2 row\(s\)/);
    expect(await bar.count()).toBe(0);
  });
});
