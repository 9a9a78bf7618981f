// The composer set up for a text to a connected user: Ada, connected through the consent page,
// owning a contact, and "App token for a user" with contact, recipient and text filled in.
import { expect } from 'vitest';
import { ComposerPage, addContact, connectUser, sandboxUser } from '../pages/composer-page';
import { POLL, type AppSession } from './app-session';
import type { RunningHost } from './host';

export const ADA_CONTACT = 'order-1042';

export async function textToAdaInComposer(session: AppSession, running: RunningHost, text: string) {
  const ada = await sandboxUser(running, 'Ada', 'Lovelace');
  const app = await session.openApp(running);
  await connectUser(app.page, running, ada.id);
  await addContact(app.page, ada.id, ADA_CONTACT);
  const composer = new ComposerPage(app.page);
  await expect.poll(() => composer.actAs('App token for a user').isEnabled(), POLL).toBe(true);
  await composer.chooseActAs('App token for a user');
  await composer.set('contact_id', ADA_CONTACT);
  await composer.set('resource_id', ada.id);
  await composer.set('text', text);
  return { app, composer, ada };
}
