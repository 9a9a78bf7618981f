// Rough edges of the first hour: the tools column takes a share of a wide window (and stays
// resizable and remembered), the Contacts tab keeps one success box at a time, and the Inbound
// tab's URLs wrap only after a "/", never inside a word.
import { describe, expect, test } from 'vitest';
import { connectSandboxUser, ContactsPage } from './pages/contacts-page';
import { InboundPage } from './pages/inbound-page';
import { LayoutPage } from './pages/layout-page';
import { lines } from './support/fit';
import { POLL, useAppSession } from './support/app-session';

const session = useAppSession();
const until = (words: string) => ({ ...POLL, message: words });

describe('rough edges', () => {
  test('the tools column grows with the window until it is resized, then keeps its size', async () => {
    const app = await session.openApp(await session.host());
    const layout = new LayoutPage(app.page);
    await layout.splitter('tools column').waitFor(POLL);
    const at1280 = await layout.width('pane-tools');
    await app.page.setViewportSize({ width: 1920, height: 1080 });
    await expect
      .poll(() => layout.width('pane-tools'), until('the tools wider at 1920 px'))
      .toBeGreaterThan(at1280 + 100);
    const at1920 = await layout.value('tools column');

    await layout.press('tools column', 'ArrowLeft');
    await expect
      .poll(() => layout.value('tools column'), until('the tools 16 px narrower'))
      .toBe(at1920 - 16);
    await app.page.reload();
    await layout.splitter('tools column').waitFor(POLL);
    await expect
      .poll(() => layout.value('tools column'), until('the size kept after a reload'))
      .toBe(at1920 - 16);
    // Set by hand, it no longer follows the window; a double-click gives the share back.
    await app.page.setViewportSize({ width: 1600, height: 900 });
    await expect
      .poll(() => layout.value('tools column'), until('the set size at 1600 px'))
      .toBe(at1920 - 16);
    await layout.splitter('tools column').dblclick();
    await expect
      .poll(() => layout.value('tools column'), until('a quarter of the window again'))
      .toBeLessThan(at1920);
  });

  test('adding contacts one after the other shows one outcome box, the last', async () => {
    const running = await session.host();
    const app = await session.openApp(running);
    const user = await connectSandboxUser(app.page, running);
    const contacts = new ContactsPage(app.page);
    await contacts.open();
    const owner = `${user.name} ${user.surname}`;
    for (const contactId of ['desk-1', 'desk-2']) {
      await contacts.add({
        contactId,
        displayName: `Desk ${contactId}`,
        capabilities: ['interactive'],
        owners: [owner],
      });
      await expect
        .poll(() => contacts.results(contactId).innerText(), until(`${contactId} added`))
        .toMatch(/contact\/add · 200/);
    }
    expect(await contacts.results('desk-1').count()).toBe(0);
    expect(await contacts.pane.getByRole('list', { name: /^Results for / }).count()).toBe(1);
  });

  test('the delivery URL wraps after a "/" in a narrow tools column, never inside a word', async () => {
    const app = await session.openApp(await session.host());
    const inbound = new InboundPage(app.page);
    await inbound.open();
    const layout = new LayoutPage(app.page);
    await layout.press('tools column', 'Home');
    await expect
      .poll(() => layout.value('tools column'), until('the tools column at its narrowest'))
      .toBe(240);
    const url = inbound.receiverValue('Delivery URL').locator('.breakable-url');
    await url.waitFor(POLL);
    const wrapped = await lines(url);
    expect(wrapped.join('')).toBe(await inbound.deliveryUrl());
    expect(wrapped.length, 'the URL on more than one line at 240 px').toBeGreaterThan(1);
    for (const line of wrapped.slice(0, -1)) expect(line).toMatch(/\/$/);
  });
});
