// The window's own shortcuts: Alt+1…4 pick a tool tab and Alt+P opens the Profiles dialog, from
// anywhere. They go by the physical key as well as the character, because on a Mac Option+1 types
// "¡" and Option+P types "π": a Mac's key events are played here as the browser reports them.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { ProfilesPage } from './pages/profiles-page';
import { POLL, useAppSession } from './support/app-session';

const session = useAppSession();

/** A keydown as Safari or Chrome on macOS reports Option+<key>: the typed character, the key's code. */
async function macOption(page: Page, key: string, code: string): Promise<void> {
  await page.evaluate(
    `document.activeElement.dispatchEvent(new KeyboardEvent('keydown', { key: ${JSON.stringify(key)}, code: ${JSON.stringify(code)}, altKey: true, bubbles: true }))`,
  );
}

describe('window shortcuts', () => {
  test('Alt+digit picks a tool tab and Alt+P opens the profiles, with a Mac keyboard too', async () => {
    const app = await session.openApp(await session.host());
    const page = app.page;
    const selected = page
      .getByRole('tablist', { name: 'Tools' })
      .getByRole('tab', { selected: true });

    await page.keyboard.press('Alt+2');
    await expect.poll(() => selected.innerText(), POLL).toBe('Users');
    await macOption(page, '¡', 'Digit3');
    await expect.poll(() => selected.innerText(), POLL).toBe('Inbound');

    const profiles = new ProfilesPage(page);
    await page.keyboard.press('Alt+KeyP');
    await profiles.dialog.waitFor(POLL);
    await page.keyboard.press('Escape');
    await expect.poll(() => profiles.dialog.count(), POLL).toBe(0);
    await macOption(page, 'π', 'KeyP');
    await profiles.dialog.waitFor(POLL);
  });
});
