// The whole stack in a real browser: Chromium opens the headless host's page, which talks to the
// engine over the WebSocket, which calls the embedded sandbox over HTTP and journals to disk.
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { AppPage } from './pages/app-page';
import { launchChromium } from './support/browser';
import { freshDataDir, startHost, type RunningHost } from './support/host';
import { saveAppScreenshot } from './support/screenshot';

const POLL = { timeout: 15_000 };
// What a leaked secret would look like on screen: the sandbox's client secrets and access tokens are
// long random hex or base64url runs. The engine shows 4-character prefixes only.
const HEX_SECRET_RUN = /[0-9a-f]{40,}/;
const TOKEN_RUN = /(?=[A-Za-z0-9_-]*[A-Z])(?=[A-Za-z0-9_-]*[a-z])[A-Za-z0-9_-]{24,}/;

let browser: Browser;
const hosts: RunningHost[] = [];
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchChromium();
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
  await Promise.all(hosts.splice(0).map((h) => h.stop()));
});

afterAll(async () => {
  await browser?.close();
});

async function host(dataDir?: string): Promise<RunningHost> {
  const started = await startHost(dataDir);
  hosts.push(started);
  return started;
}

async function openApp(running: RunningHost): Promise<AppPage> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  contexts.push(context);
  const app = new AppPage(await context.newPage());
  await app.open(running.ready.url);
  return app;
}

describe('TP Inspector in a browser through the headless host', () => {
  test('shows the three regions and the sandbox profile in the header', async () => {
    const running = await host();
    const app = await openApp(running);

    expect(await app.composer.isVisible()).toBe(true);
    expect(await app.contactEditor.isVisible()).toBe(true);
    expect(await app.eventLog.isVisible()).toBe(true);
    await expect.poll(() => app.activeProfile.innerText(), POLL).toContain(running.ready.sandbox);
    expect(await app.activeProfile.innerText()).toMatch(/sandbox/i);
    expect(await app.engineStatus.innerText()).toMatch(/\bconnected\b/);
    expect(await app.appTokenStatus.innerText()).toMatch(/none/);
    // The contact editor is honest about not being there yet, and says where the sandbox runs.
    await expect.poll(() => app.contactEditor.innerText(), POLL).toContain(running.ready.sandbox);
    expect(await app.contactEditor.getByRole('button').count()).toBe(0);
  });

  test('"Get app token" shows a redacted token and the journaled call in full', async () => {
    const running = await host();
    const app = await openApp(running);

    await app.getAppTokenButton.click();
    await expect
      .poll(() => app.appTokenStatus.innerText(), POLL)
      .toMatch(/valid until \d\d:\d\d:\d\d/);
    expect(await app.appTokenStatus.innerText()).toMatch(/\S{1,8}…/);
    expect(await app.composerAlert.count()).toBe(0);

    const row = app.recordRows('POST', '/tp/token', '200');
    await expect.poll(() => row.count(), POLL).toBe(1);
    await app.selectWithKeyboard(row);
    expect(await row.getAttribute('aria-selected')).toBe('true');

    expect(await app.detailValue('General', 'Status').innerText()).toBe('200');
    expect(await app.detailValue('Request parameters', 'grant_type').innerText()).toBe(
      'client_credentials',
    );
    const secretShown = await app.detailValue('Request parameters', 'client_secret').innerText();
    expect(secretShown).toMatch(/^[A-Za-z0-9_-]{0,4}…$/);
    expect(await app.detailValue('Timing', 'Total').innerText()).toMatch(/^\d+(\.\d)? m?s$/);
    expect(await app.detailValue('Timing', 'Waiting (TTFB)').innerText()).toMatch(/ m?s$/);
    expect(await app.detailValue('Response headers', 'content-type').innerText()).toContain(
      'application/json',
    );

    const pretty = await app.responseBody().innerText();
    expect(pretty).toContain('"access_token"');
    expect(pretty).toContain('"token_type": "Bearer"');
    await saveAppScreenshot(app.page);

    await app.rawToggle().click();
    expect(await app.rawToggle().getAttribute('aria-pressed')).toBe('true');
    const raw = await app.responseBody().innerText();
    expect(raw).toMatch(/^\{"access_token":"[^"]{1,8}…"/);

    const everything = await app.page.locator('body').innerText();
    expect(everything).not.toMatch(HEX_SECRET_RUN);
    expect(everything).not.toMatch(TOKEN_RUN);
  });

  test('the record list stays keyboard-navigable when it is longer than the pane', async () => {
    const running = await host();
    const app = await openApp(running);
    for (let i = 0; i < 20; i++) await app.getAppToken();
    const rows = app.records.getByRole('option');
    // At least 20 calls and 20 grants: more rows than fit, so only some are in the DOM.
    await expect
      .poll(async () => Number(await rows.first().getAttribute('aria-setsize')), POLL)
      .toBeGreaterThanOrEqual(40);
    const total = Number(await rows.first().getAttribute('aria-setsize'));
    expect(await app.eventLog.innerText()).toContain(`${total} records`);
    expect(await rows.count()).toBeLessThan(total);

    await app.records.focus();
    await app.page.keyboard.press('End');
    expect(
      await app.records
        .locator(`[id="${await app.activeRecordId()}"]`)
        .getAttribute('aria-posinset'),
    ).toBe(String(total));
    await app.page.keyboard.press('Home');
    await app.page.keyboard.press('ArrowDown');
    await app.page.keyboard.press('Enter');
    const selected = rows.and(app.records.getByRole('option', { selected: true }));
    expect(await selected.getAttribute('aria-posinset')).toBe('2');
    expect(await selected.getAttribute('id')).toBe(await app.activeRecordId());
    // The detail pane shows the record that was selected (its title starts with the seq).
    const seq = (await selected.innerText()).trim().split(/\s+/)[0];
    expect(await app.recordDetail.getByRole('heading', { level: 3 }).innerText()).toMatch(
      new RegExp(`^#${seq} `),
    );
  });

  test('after a restart on the same data directory the log still shows the earlier call', async () => {
    const dataDir = freshDataDir();
    const first = await host(dataDir);
    const before = await openApp(first);
    await before.sendWithShortcut();
    await expect.poll(() => before.recordRows('POST', '/tp/token', '200').count(), POLL).toBe(1);

    await first.stop();
    // The open window notices and says so instead of pretending to work.
    await expect.poll(() => before.engineStatus.innerText(), POLL).toMatch(/disconnected/);
    expect(await before.connectionBanner.innerText()).toMatch(/reconnecting/);

    const second = await host(dataDir);
    const after = await openApp(second);
    await expect.poll(() => after.recordRows('POST', '/tp/token', '200').count(), POLL).toBe(1);
  });

  test("a failed grant shows the engine's words next to the button", async () => {
    const running = await host();
    const app = await openApp(running);
    // Stop the engine under the page: the call cannot succeed, and the reason must be said.
    await running.stop();
    await expect.poll(() => app.engineStatus.innerText(), POLL).toMatch(/disconnected/);
    await app.getAppTokenButton.click();
    await expect.poll(() => app.composerAlert.count(), POLL).toBe(1);
    expect(await app.composerAlert.innerText()).toMatch(
      /Disconnected from the engine, so nothing was sent/,
    );
  });
});
