// The words a person reads: the API document is named by section, never by a file name, and the
// buttons say what they do (the glossary's words).
import { describe, expect, test } from 'vitest';
import { ComposerPage, connectUser, sandboxUser } from './pages/composer-page';
import { UsersPage } from './pages/users-page';
import { POLL, useAppSession } from './support/app-session';

const session = useAppSession();

describe('the words', () => {
  test('cite the API document by section and name buttons by what they do', async () => {
    const running = await session.host();
    const ada = await sandboxUser(running, 'Ada', 'Lovelace');
    const app = await session.openApp(running);
    await connectUser(app.page, running, ada.id);
    const composer = new ComposerPage(app.page);
    await expect.poll(() => composer.actAs("User's token").isEnabled(), POLL).toBe(true);
    await composer.chooseEndpoint('message.send');
    await composer.chooseActAs("User's token");
    await expect
      .poll(() => composer.fieldDescription('user_id'), POLL)
      .toMatch(/the token already names the user \(API document §5\.3\)/);

    const users = new UsersPage(app.page);
    await users.open();
    const entry = users.user('Ada Lovelace');
    await entry.waitFor(POLL);
    for (const name of ['Drop tokens', 'Remove from the list']) {
      expect(await entry.getByRole('button', { name, exact: true }).count()).toBe(1);
    }
    expect(await entry.getByRole('button', { name: /^(Forget|Disconnect|Revoke)$/ }).count()).toBe(
      0,
    );
    const text = await app.page.locator('body').innerText();
    expect(text).not.toMatch(/platform-api|platform-decisions|\(part \d/);
  });
});
