// Removing a contact for its last owner deletes it from the platform (a contact with no owner left
// is deleted: docs/sandbox.md, Contacts): the Contacts tab asks first, in those words, and says
// after what happened, since the contact's row goes with it.
import { describe, expect, test } from 'vitest';
import { POLL, useAppSession } from './support/app-session';
import { saveAppScreenshot } from './support/screenshot';
import type { RunningHost } from './support/host';
import { connectSandboxUser, ContactsPage } from './pages/contacts-page';

const session = useAppSession();

async function onPlatform(running: RunningHost, contactId: string): Promise<boolean> {
  const res = await fetch(`${running.ready.sandbox}/_sandbox/state`);
  const state = (await res.json()) as { contacts: { contact_id: string }[] };
  return state.contacts.some((c) => c.contact_id === contactId);
}

describe('removing a contact for its last owner', () => {
  test('asks first, keeps it on Keep, and says it was deleted once confirmed', async () => {
    const running = await session.host();
    const app = await session.openApp(running);
    const contacts = new ContactsPage(app.page);
    await contacts.open();
    const ana = await connectSandboxUser(app.page, running, 0);
    await contacts.add({
      contactId: 'solo-1',
      displayName: 'Solo desk',
      capabilities: [],
      owners: [ana.id],
    });
    await expect.poll(() => onPlatform(running, 'solo-1'), POLL).toBe(true);

    // Remove asks before anything is sent, naming the contact and its only owner.
    await contacts.removeFor('solo-1', ana.id).click();
    const confirm = contacts.lastOwnerConfirm('solo-1');
    await confirm.waitFor(POLL);
    await saveAppScreenshot(app.page, 'contacts-last-owner-confirm');
    expect(await confirm.innerText()).toMatch(
      new RegExp(
        `^solo-1 is owned only by .*${ana.id}: removing it deletes the contact from the platform\\. Remove\\?`,
      ),
    );
    await confirm.getByRole('button', { name: 'Keep' }).click();
    expect(await confirm.count()).toBe(0);
    expect(await onPlatform(running, 'solo-1')).toBe(true);

    // Confirmed: gone from the platform and the book, and the pane says what happened.
    await contacts.removeFor('solo-1', ana.id).click();
    await confirm.getByRole('button', { name: 'Remove and delete' }).click();
    await expect.poll(() => onPlatform(running, 'solo-1'), POLL).toBe(false);
    await expect.poll(() => contacts.row('solo-1').count(), POLL).toBe(0);
    const note = contacts.deletedNote();
    await note.waitFor(POLL);
    await saveAppScreenshot(app.page, 'contacts-deleted-note');
    expect(await note.innerText()).toMatch(
      new RegExp(`^solo-1 \\(Solo desk\\) is deleted from the platform: .*${ana.id} \\(200\\)`),
    );
    await note.getByRole('button', { name: 'Dismiss' }).click();
    expect(await note.count()).toBe(0);
  });
});
