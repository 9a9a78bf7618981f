// The window's frame through the whole stack: Chromium opens the headless host's page, which talks
// to the engine over the WebSocket; the engine runs the embedded sandbox.
import { describe, expect, test } from 'vitest';
import { POLL, useAppSession } from './support/app-session';
import { tapEngine, type EngineTap } from './support/engine-tap';
import { saveAppScreenshot } from './support/screenshot';

const session = useAppSession();

describe('the app window', () => {
  test('shows the three regions and the sandbox profile in the header', async () => {
    const running = await session.host();
    const app = await session.openApp(running);

    expect(await app.composer.isVisible()).toBe(true);
    expect(await app.contactEditor.isVisible()).toBe(true);
    expect(await app.eventLog.isVisible()).toBe(true);
    await expect.poll(() => app.activeProfile.innerText(), POLL).toContain(running.ready.sandbox);
    expect(await app.activeProfile.innerText()).toMatch(/sandbox/i);
    expect(await app.engineStatus.innerText()).toMatch(/\bconnected\b/);
    expect(await app.appTokenStatus.innerText()).toMatch(/none/);
    // The contact editor offers to add a contact and lists the app's supercontact.
    await expect.poll(() => app.contactEditor.innerText(), POLL).toMatch(/supercontact/i);
    expect(await app.contactEditor.getByRole('button', { name: 'Add contact' }).count()).toBe(1);
    // The panes fill the 800 px window even while the log is nearly empty.
    const log = await app.eventLog.boundingBox();
    expect(log && log.y + log.height).toBeGreaterThan(700);
  });

  test('follows the OS colour scheme, light or dark', async () => {
    const running = await session.host();
    const light = await session.openApp(running, { colorScheme: 'light' });
    const dark = await session.openApp(running, { colorScheme: 'dark' });
    const [lightBg, darkBg] = [await light.backgroundColor(), await dark.backgroundColor()];
    expect(lightBg).not.toBe(darkBg);
    // Each channel of the dark background is darker than the light one's.
    const channels = (css: string) => (css.match(/\d+/g) ?? []).slice(0, 3).map(Number);
    channels(darkBg).forEach((c, i) => expect(c).toBeLessThan(channels(lightBg)[i]!));
    // Every text field and select follows it too, the event log's search and filters included
    // (native controls keep the browser's own grey): each has one of the theme's surfaces.
    // Some fields come with the engine's first answers (the profile switcher once the profiles
    // are in), so the page is read until they are there.
    const offTheme = () =>
      dark.page.evaluate(`(() => {
      const probe = (name) => {
        const d = document.createElement('div');
        d.style.background = 'var(' + name + ')';
        document.body.append(d);
        const colour = getComputedStyle(d).backgroundColor;
        d.remove();
        return colour;
      };
      const themed = [probe('--surface'), probe('--surface-2')];
      const fields = [...document.querySelectorAll(
        'input:not([type=checkbox]):not([type=radio]):not([type=file]), select, textarea',
      )].filter((e) => e.offsetParent);
      if (fields.length < 5) return ['only ' + fields.length + ' fields on the page'];
      return fields
        .map((e) => [e.getAttribute('aria-label') || e.name || e.tagName, getComputedStyle(e).backgroundColor])
        .filter(([, colour]) => !themed.includes(colour))
        .map(([name, colour]) => name + ': ' + colour);
    })()`);
    await expect
      .poll(offTheme, { ...POLL, message: 'every text field and select on a dark surface' })
      .toEqual([]);
    await dark.getAppToken();
    await saveAppScreenshot(dark.page, 'app-dark');
  });

  test('the header shows a grant failure in words, and a later token replaces it', async () => {
    let tap!: EngineTap;
    const app = await session.openApp(await session.host(), {
      beforeOpen: async (page) => void (tap = await tapEngine(page)),
    });
    await expect.poll(() => tap.lastOutput('profiles.list')?.activeProfileId, POLL).toBeTruthy();
    const profileId = tap.lastOutput('profiles.list')!.activeProfileId;
    const lastError = 'The token endpoint could not be reached (connection refused).';
    tap.push('auth.changed', { profileId, appToken: null, lastError });
    await expect.poll(() => app.appTokenStatus.innerText(), POLL).toContain(lastError);

    await app.getAppToken();
    await expect.poll(() => app.appTokenStatus.innerText(), POLL).toMatch(/valid until/);
    expect(await app.appTokenStatus.innerText()).not.toContain(lastError);
  });

  test('after a dropped connection the page says so, reconnects and works again', async () => {
    let tap!: EngineTap;
    const app = await session.openApp(await session.host(), {
      beforeOpen: async (page) => void (tap = await tapEngine(page)),
    });
    expect(tap.connections()).toBe(1);
    await tap.drop();
    // The page is down only for the first retry delay (about 250 ms): the header and the banner
    // are waited for together, in the page, rather than read one after the other.
    const dropped = app.page
      .locator('body')
      .filter({ has: app.engineStatus.getByText('disconnected', { exact: true }) })
      .filter({ has: app.connectionBanner.filter({ hasText: /reconnecting/ }) });
    await dropped.waitFor(POLL);

    await expect.poll(() => app.engineStatus.innerText(), POLL).toMatch(/\bconnected\b/);
    expect(await app.engineStatus.innerText()).not.toMatch(/disconnected/);
    expect(tap.connections()).toBe(2);
    expect(await app.connectionBanner.count()).toBe(0);
    await app.getAppToken();
    await expect.poll(() => app.appTokenStatus.innerText(), POLL).toMatch(/valid until/);
  });
});
