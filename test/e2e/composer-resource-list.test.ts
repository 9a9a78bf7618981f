// "List resources" shows what it found where a person looks: a list under resource_id of the
// conversations with their names (the user's, a room's subject), each picked by a click or from
// the keyboard, the one the field holds marked. Before, the listing only filled the field's
// datalist, which shows nothing until the field is typed into.
import { describe, expect, test } from 'vitest';
import {
  addContact,
  ComposerPage,
  connectUser,
  roomWithContact,
  sandboxUser,
} from './pages/composer-page';
import { POLL, useAppSession } from './support/app-session';
import { saveAppScreenshot } from './support/screenshot';

const session = useAppSession();

describe('List resources in the composer', () => {
  test('shows the conversations by name, each picked by a click or the keyboard', async () => {
    const running = await session.host();
    const ada = await sandboxUser(running, 'Ada', 'Lovelace');
    const app = await session.openApp(running);
    await connectUser(app.page, running, ada.id);
    await addContact(app.page, ada.id, 'desk-1');
    const room = await roomWithContact(running, ada.id, 'desk-1', 'Hike planning');
    const composer = new ComposerPage(app.page);
    await expect.poll(() => composer.actAs("User's token").isEnabled(), POLL).toBe(true);
    await composer.chooseEndpoint('message.send');
    await composer.actAsUser("User's token", 'Ada');

    await composer.region.getByRole('button', { name: 'List resources' }).click();
    const user = composer.listedResource('Ada Lovelace');
    const hike = composer.listedResource('Hike planning');
    await user.waitFor(POLL);
    await hike.waitFor(POLL);
    expect(await user.isVisible()).toBe(true);
    expect(await user.getAttribute('aria-label')).toBe(`Ada Lovelace, user, ${ada.id}`);
    expect(await hike.innerText()).toContain(room);

    await saveAppScreenshot(app.page, 'composer-listed-resources');

    // A click picks the room: the field holds its id, and the list marks it.
    await hike.click();
    expect(await composer.field('resource_id').inputValue()).toBe(room);
    expect(await hike.getAttribute('aria-current')).toBe('true');

    // From the keyboard: the user's conversation, focused, picked with Enter.
    await user.focus();
    await app.page.keyboard.press('Enter');
    expect(await composer.field('resource_id').inputValue()).toBe(ada.id);
    expect(await user.getAttribute('aria-current')).toBe('true');
    expect(await hike.getAttribute('aria-current')).toBe(null);
  });
});
