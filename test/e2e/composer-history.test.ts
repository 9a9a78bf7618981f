// The composer's history in Chromium: a past call found by searching, reopened in the composer,
// edited and sent again; copied as cURL with no secret in it; exported as HAR 1.2. And the keyboard
// shortcut that reaches the search from anywhere.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { POLL, useAppSession } from './support/app-session';
import { ADA_CONTACT, textToAdaInComposer } from './support/composer-fixture';
import type { RunningHost } from './support/host';
import { saveAppScreenshot } from './support/screenshot';

const session = useAppSession();
const CONTACT = ADA_CONTACT;
// What a leaked secret would look like: the sandbox's client secrets are long hex runs and its
// tokens long base64url runs; the engine only ever shows a few characters and an ellipsis.
const HEX_SECRET_RUN = /[0-9a-f]{40,}/;
const TOKEN_RUN = /(?=[A-Za-z0-9_-]*[A-Z])(?=[A-Za-z0-9_-]*[a-z])[A-Za-z0-9_-]{24,}/;

async function sentText(running: RunningHost, text: string) {
  const { app, composer, ada } = await textToAdaInComposer(session, running, text);
  await composer.sendButton.click();
  await expect.poll(() => composer.responseValue('Status').innerText(), POLL).toBe('200');
  return { app, composer, ada };
}

describe('the composer history', () => {
  test('a past call is found, reopened, edited and sent again', async () => {
    const running = await session.host();
    const { app, composer, ada } = await sentText(running, 'First notice');

    // Ctrl/Cmd+K from anywhere opens the history with the focus in its search.
    await app.eventLog.click();
    await app.page.keyboard.press('ControlOrMeta+k');
    await expect
      .poll(() => app.page.locator('#composer-history-search:focus').count(), POLL)
      .toBe(1);
    expect(await composer.historySearch.getAttribute('aria-keyshortcuts')).toMatch(/K \/$/);

    await composer.historySearch.fill('First notice');
    const row = composer.historyRow('/tp/message/send.json');
    // The search runs over the journal: the token call and the contact/add do not match. The
    // unfiltered list also has one send.json row, so the wait is on the whole list narrowing.
    await expect
      .poll(() => composer.history.getByRole('listitem').count(), {
        ...POLL,
        message: 'the history search to narrow the list to the one matching call',
      })
      .toBe(1);
    expect(await row.count()).toBe(1);
    const seq = (await row.innerText()).match(/#(\d+)/)?.[1];
    await row.getByRole('button', { name: `Reopen #${seq}` }).click();

    // Back in the form with the call's values, acting as before.
    await expect
      .poll(() => composer.tab('Request').getAttribute('aria-selected'), POLL)
      .toBe('true');
    expect(await composer.field('text').inputValue()).toBe('First notice');
    expect(await composer.field('contact_id').inputValue()).toBe(CONTACT);
    expect(await composer.field('resource_id').inputValue()).toBe(ada.id);
    expect(await composer.actAs('App token for a user').isChecked()).toBe(true);

    await composer.set('text', 'Second notice');
    await composer.sendWithShortcut();
    await expect
      .poll(() => composer.jsonTree.innerText(), POLL)
      .toContain('"body": "Second notice"');
    await expect
      .poll(() => app.recordRows('POST', '/tp/message/send.json', '200').count(), POLL)
      .toBe(2);

    // Both sends are in the history now.
    await composer.tab('History').click();
    await composer.historySearch.fill('notice');
    await expect.poll(() => composer.history.getByRole('listitem').count(), POLL).toBe(2);
    await saveAppScreenshot(app.page, 'composer-history');
  });

  test('Copy as cURL holds no secret unless asked, and a selection exports as HAR 1.2', async () => {
    const running = await session.host();
    const { app, composer } = await sentText(running, 'Parcel is out for delivery');
    await composer.tab('History').click();
    const send = composer.historyRow('/tp/message/send.json');
    const token = composer.historyRow('/tp/token');
    await expect.poll(() => send.count(), POLL).toBe(1);
    await expect.poll(() => token.count(), POLL).toBeGreaterThan(0);

    await send.getByRole('button', { name: /as cURL$/ }).click();
    await expect.poll(() => composer.curlCommand.innerText(), POLL).toContain('send.json');
    const command = await composer.curlCommand.innerText();
    expect(command).toMatch(/^curl /);
    expect(command).toContain('/tp/message/send.json');
    expect(command).toContain('text=Parcel');
    expect(command).toMatch(/authorization: Bearer \S{0,8}…/i);
    expect(command).not.toMatch(HEX_SECRET_RUN);
    expect(command).not.toMatch(TOKEN_RUN);

    // The token call carries the client secret: redacted too.
    await token
      .first()
      .getByRole('button', { name: /as cURL$/ })
      .click();
    await expect.poll(() => composer.curlCommand.innerText(), POLL).toContain('client_secret=');
    const tokenCommand = await composer.curlCommand.innerText();
    expect(tokenCommand).not.toMatch(HEX_SECRET_RUN);

    // HAR 1.2 of the two calls, as a download.
    await send.getByRole('checkbox').check();
    await token.first().getByRole('checkbox').check();
    const [download] = await Promise.all([
      app.page.waitForEvent('download'),
      composer.region.getByRole('button', { name: 'Export selected as HAR (2)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^tp-inspector-calls-\d+-\d+\.har$/);
    const har = JSON.parse(readFileSync(await download.path(), 'utf8')) as {
      log: { version: string; entries: { request: { url: string } }[] };
    };
    expect(har.log.version).toBe('1.2');
    expect(har.log.entries.map((e) => new URL(e.request.url).pathname).sort()).toEqual([
      '/tp/message/send.json',
      '/tp/token',
    ]);
    expect(JSON.stringify(har)).not.toMatch(HEX_SECRET_RUN);
  });
});
