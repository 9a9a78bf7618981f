// The first run (issue "The first hour", point 6): the empty Event log of a first launch offers
// four steps, each a button that does it: the app token, a sandbox user connected through the
// directory URL's otp, a message from that user to one of the app's contacts, and its delivery
// selected, verified. Each is ticked once done; then the panel is gone, and stays gone after a
// reload. Dismissed, it stays gone too.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { EventLogPage } from './pages/event-log-page';
import { FirstRunPage, STEP_BUTTONS } from './pages/first-run-page';
import { LayoutPage } from './pages/layout-page';
import { POLL, useAppSession } from './support/app-session';
import { engineCall } from './support/engine';

const session = useAppSession();
const until = (words: string) => ({ ...POLL, message: words });

/**
 * Reloads the page and waits until it has the engine's preferences: the engine is given a tools
 * width this page never had, and the page reads all its preferences in one answer, so once the
 * splitter shows that width the first steps' state is the engine's too. A panel that came back
 * only with the engine's answer would be there by then.
 */
async function reloadWithEnginePreferences(page: Page): Promise<void> {
  const marker = 412;
  await engineCall(page, 'app.setUiPreferences', { layout: { sizes: { tools: marker } } });
  await page.reload();
  await expect
    .poll(() => new LayoutPage(page).value('tools column'), until("the engine's preferences read"))
    .toBe(marker);
}

describe('the first run', () => {
  test('the four steps, each clicked, end with a verified delivery selected, and the panel stays gone after a reload', async () => {
    const app = await session.openApp(await session.host());
    const firstRun = new FirstRunPage(app.page);
    const log = new EventLogPage(app.page);
    await firstRun.panel.waitFor(POLL);
    for (const step of STEP_BUTTONS) expect(await firstRun.done(step)).toBe(false);

    for (const step of ['Get the app token', 'Connect a sandbox user', 'Send a message'] as const) {
      await firstRun.take(step);
    }
    await firstRun.seeTheDelivery();
    await expect
      .poll(() => log.detailTitle().innerText(), until('the delivery in the detail'))
      .toMatch(/^#\d+ /);
    expect(await log.detailValue('Signature', 'Outcome').innerText()).toBe('valid');
    expect(await log.detailValue('Classification', 'Contact').innerText()).toBe('hello-desk');

    await reloadWithEnginePreferences(app.page);
    await app.engineStatus.getByText('connected', { exact: true }).waitFor(POLL);
    await log.records.waitFor(POLL);
    expect(await firstRun.panel.count()).toBe(0);
  });

  test('a step done another way is ticked, and a dismissed panel stays gone after a reload', async () => {
    const app = await session.openApp(await session.host());
    const firstRun = new FirstRunPage(app.page);
    await firstRun.panel.waitFor(POLL);
    // The composer's own button, not the panel's.
    await app.getAppToken();
    await expect
      .poll(() => firstRun.done('Get the app token'), until('the token step ticked'))
      .toBe(true);
    expect(await firstRun.done('Connect a sandbox user')).toBe(false);

    await firstRun.dismiss.click();
    await expect.poll(() => firstRun.panel.count(), until('the panel gone')).toBe(0);
    await reloadWithEnginePreferences(app.page);
    await app.engineStatus.getByText('connected', { exact: true }).waitFor(POLL);
    await new EventLogPage(app.page).records.waitFor(POLL);
    expect(await firstRun.panel.count()).toBe(0);
  });
});
