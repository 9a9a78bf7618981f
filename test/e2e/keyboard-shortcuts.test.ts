// The window's own shortcuts: Alt+1…5 pick a tool tab, Alt+Shift+1…3 a view of the middle column
// (Composer, Scenario, Runner) and Alt+P opens the Profiles dialog, from anywhere; in the
// Collections tree, Ctrl/Cmd+Enter runs the selected item. They go by the physical key as well as the character, because on a Mac Option+1 types
// "¡" and Option+P types "π": a Mac's key events are played here as the browser reports them.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { CollectionsPage } from './pages/collections-page';
import { ProfilesPage } from './pages/profiles-page';
import { RunnerPage } from './pages/runner-page';
import { POLL, useAppSession } from './support/app-session';

const session = useAppSession();
const folder = mkdtempSync(join(tmpdir(), 'tp-keys-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

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
    await expect
      .poll(() => page.getByRole('list', { name: 'Profile list', includeHidden: true }).count(), {
        ...POLL,
        message: 'waiting for the Profiles dialog to be closed, its list gone',
      })
      .toBe(0);
    await macOption(page, 'π', 'KeyP');
    await profiles.dialog.waitFor(POLL);
  });

  test('Alt+Shift+digit picks a view of the middle column, leaving the tool tab as it was', async () => {
    const app = await session.openApp(await session.host());
    const page = app.page;
    const tool = page.getByRole('tablist', { name: 'Tools' }).getByRole('tab', { selected: true });
    const view = page
      .getByRole('tablist', { name: 'Main view' })
      .getByRole('tab', { selected: true });
    const toolBefore = await tool.innerText();

    await page.keyboard.press('Alt+Shift+Digit2');
    await expect.poll(() => view.innerText(), POLL).toBe('Scenario');
    await page.keyboard.press('Alt+Shift+Digit3');
    await expect.poll(() => view.innerText(), POLL).toBe('Runner');
    await page.keyboard.press('Alt+Shift+Digit4');
    await expect.poll(() => view.innerText(), POLL).toBe('Check');
    await page.keyboard.press('Alt+Shift+Digit1');
    await expect.poll(() => view.innerText(), POLL).toBe('Composer');
    expect(await tool.innerText()).toBe(toolBefore);
  });

  test('Ctrl/Cmd+Enter on an item of the Collections tree runs it and shows the Runner', async () => {
    writeFileSync(
      join(folder, 'app-token.yaml'),
      [
        'name: App token',
        'steps:',
        '  - name: Ask for one',
        '    request:',
        '      endpoint: token',
        '      params: { grant_type: client_credentials }',
        '    expect: { status: 200 }',
        '',
      ].join('\n'),
    );
    const app = await session.openApp(await session.host());
    const collections = new CollectionsPage(app.page);
    const runner = new RunnerPage(app.page);
    await collections.openFolder(folder);
    await collections.item('App token').click();
    await collections.item('App token').press('ControlOrMeta+Enter');
    await runner.pane.waitFor(POLL);
    await expect
      .poll(() => runner.statusWords(), {
        ...POLL,
        message: 'the run started from the tree, ended',
      })
      .toBe('passed');
    expect(await runner.stepState(runner.step('App token', 1, 'Ask for one'))).toBe('passed');
  });
});
