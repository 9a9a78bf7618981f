// The composer's contact_id picker is fed by the contact book, and the book is the active
// profile's: a contact added under one profile is offered there, and not under another.
import { describe, expect, test } from 'vitest';
import { ComposerPage, connectUser, engineCall, sandboxUser } from './pages/composer-page';
import { ContactsPage } from './pages/contacts-page';
import { POLL, useAppSession } from './support/app-session';

const session = useAppSession();

const offeredIds = async (composer: ComposerPage) =>
  (await composer.suggestionsFor('contact_id')).map((s) => `${s.value} ${s.label}`);

describe("the composer's contact picker", () => {
  test("offers the active profile's contact book, and only that profile's", async () => {
    const running = await session.host();
    const app = await session.openApp(running);
    const page = app.page;
    const composer = new ComposerPage(page);
    const contacts = new ContactsPage(page);
    await contacts.open();
    await composer.chooseEndpoint('message.send');

    const ada = await sandboxUser(running, 'Ada', 'Picker');
    await connectUser(page, running, ada.id);
    await engineCall(page, 'contacts.save', {
      contact: { contactId: 'desk-77', displayName: 'Help desk', owners: [ada.id] },
    });
    await expect
      .poll(() => offeredIds(composer), { ...POLL, message: 'desk-77 offered for contact_id' })
      .toContain('desk-77 Help desk');

    const staging = await engineCall(page, 'profiles.create', {
      name: 'Staging',
      baseUrl: 'https://staging.example',
      clientId: 'staging-app',
      clientSecret: 'staging-secret',
      redirectUri: 'http://127.0.0.1:8000/callback',
      scopes: ['basic'],
    });
    await engineCall(page, 'profiles.select', { profileId: staging.id });
    // The Staging book is loaded (and empty: the Contacts tab says how a book fills) before the
    // picker is read, so an empty picker is the Staging book's, not a load still on its way.
    await expect
      .poll(() => contacts.emptyBookHint.isVisible(), {
        ...POLL,
        message: "the Staging profile's empty contact book shown",
      })
      .toBe(true);
    expect((await offeredIds(composer)).some((o) => o.startsWith('desk-77'))).toBe(false);

    const sandboxProfile = (await engineCall(page, 'profiles.list', {})).profiles.find(
      (p) => p.kind === 'sandbox',
    );
    await engineCall(page, 'profiles.select', { profileId: sandboxProfile!.id });
    await expect
      .poll(() => offeredIds(composer), { ...POLL, message: 'desk-77 offered again' })
      .toContain('desk-77 Help desk');
    expect((await offeredIds(composer)).some((o) => o.startsWith('staging-9'))).toBe(false);
  });
});
