// Collections in Chromium, against the real engine: a folder with two scenarios and a broken file
// opens with all three in the tree (the broken one with its file, line and reason); a request
// saved from the composer becomes a file of the collection with no secret in it; and a scenario
// edited on disk reloads in the Scenario view, or, with unsaved edits, waits for the person.
import { mkdtempSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { POLL, useAppSession } from './support/app-session';
import { CollectionsPage } from './pages/collections-page';
import { ComposerPage } from './pages/composer-page';
import { saveAppScreenshot } from './support/screenshot';

const session = useAppSession();

const LOGIN = `name: Who am I
steps:
  - name: Ask who the app is
    request:
      endpoint: me
    expect:
      status: 200
`;
const SEND = `name: Send a text
steps:
  - name: Send hello
    request:
      endpoint: message.send
      params:
        msg_type: text
        contact_id: order-1
        resource_id: "{{user_id}}"
        text: Hello
  - name: Wait a little
    wait: 10ms
`;
// message.send has no parameter colour: the engine names the file, the line and the reason.
const BROKEN = `name: Broken
steps:
  - request:
      endpoint: message.send
      params:
        colour: red
`;

function collectionFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'tp-collection-'));
  writeFileSync(join(folder, 'who-am-i.yaml'), LOGIN);
  mkdirSync(join(folder, 'sends'));
  writeFileSync(join(folder, 'sends', 'text.yaml'), SEND);
  writeFileSync(join(folder, 'broken.yaml'), BROKEN);
  return folder;
}

describe('collections', () => {
  test('a folder opens with its scenarios and its broken file, with file, line and reason', async () => {
    const folder = collectionFolder();
    const app = await session.openApp(await session.host());
    const page = new CollectionsPage(app.page);
    await page.openFolder(folder);

    await page.item('Who am I').waitFor(POLL);
    await page.item('Broken').waitFor(POLL);
    expect(await page.item('Broken').getAttribute('aria-label')).toMatch(/1 problem/);
    const problem = page.problems.getByRole('listitem').filter({ hasText: 'broken.yaml' });
    await expect.poll(() => problem.innerText(), POLL).toMatch(/broken\.yaml, line 6/);
    expect(await problem.innerText()).toMatch(/colour/);
    // The good scenario in the sub-folder opens with the keyboard.
    await page.item('sends').click();
    await page.item('sends').press('ArrowRight');
    await page.item('Send a text').waitFor(POLL);
    expect(await page.item('Send a text').getAttribute('aria-label')).toMatch(/2 steps/);
    await page.search.fill('text');
    await expect.poll(() => page.tree.getByRole('treeitem').count(), POLL).toBe(2);
    await page.search.fill('');
    await saveAppScreenshot(app.page, 'collections-tab');
  });

  test('a request saved from the composer is a file of the collection, with no secret', async () => {
    const folder = collectionFolder();
    const app = await session.openApp(await session.host());
    const page = new CollectionsPage(app.page);
    await page.openFolder(folder);

    const composer = new ComposerPage(app.page);
    await app.page.getByRole('tab', { name: 'Composer' }).click();
    await composer.chooseEndpoint('token');
    await composer.region.getByRole('button', { name: 'Save to collection' }).click();
    await page.saveDialog.getByRole('textbox', { name: 'File name' }).fill('app-token');
    await page.saveDialog.getByRole('button', { name: 'Save', exact: true }).click();
    await page.saveDialog.getByRole('status').getByText('Saved to app-token.yaml').waitFor(POLL);
    await page.saveDialog.getByRole('button', { name: 'Close' }).click();

    const saved = readFileSync(join(folder, 'app-token.yaml'), 'utf8');
    expect(saved).toContain('endpoint: token');
    // The sandbox's client secret is a long hex run; the file names it by variable instead.
    expect(saved).not.toMatch(/[0-9a-f]{32,}/);
    await page.show();
    await page.itemByPath('app-token.yaml').waitFor(POLL);
  });

  test('a scenario edited on disk reloads, and unsaved edits wait for the person', async () => {
    const folder = collectionFolder();
    const app = await session.openApp(await session.host());
    const page = new CollectionsPage(app.page);
    await page.openFolder(folder);
    await page.openScenario('Who am I');
    expect(await page.yaml.inputValue()).toBe(LOGIN);

    // Nothing unsaved: the disk version is loaded, and the view says so.
    writeFileSync(join(folder, 'who-am-i.yaml'), LOGIN.replace('Ask who the app is', 'Who is it'));
    await expect.poll(() => page.yaml.inputValue(), POLL).toContain('Who is it');
    await page.scenario
      .getByRole('status')
      .getByText('Reloaded: the file changed on disk')
      .waitFor(POLL);

    // Unsaved edits: the bar asks; nothing is overwritten until the person chooses.
    await page.yaml.fill(LOGIN.replace('Ask who the app is', 'My edit'));
    writeFileSync(join(folder, 'who-am-i.yaml'), LOGIN.replace('Ask who the app is', 'Their edit'));
    await page.diskChangeBar.waitFor(POLL);
    expect(await page.yaml.inputValue()).toContain('My edit');
    expect(readFileSync(join(folder, 'who-am-i.yaml'), 'utf8')).toContain('Their edit');
    await saveAppScreenshot(app.page, 'scenario-view');
    await page.diskChangeBar.getByRole('button', { name: 'Keep my edits' }).click();
    await page.saveWithShortcut();
    await expect
      .poll(() => readFileSync(join(folder, 'who-am-i.yaml'), 'utf8'), POLL)
      .toContain('My edit');
  });
});
