// "Get app token" through the whole stack: the button, the engine's client_credentials call to the
// embedded sandbox over HTTP, the journal, and what the page shows (and never shows) of it.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { sandboxUser } from './pages/composer-page';
import { ProfilesPage } from './pages/profiles-page';
import { POLL, useAppSession } from './support/app-session';
import { engineCall } from './support/engine';
import { tapEngine, type EngineTap } from './support/engine-tap';
import { saveAppScreenshot } from './support/screenshot';

const session = useAppSession();
// What a leaked secret would look like on screen: the sandbox's client secrets and access tokens are
// long random hex or base64url runs. The engine shows 4-character prefixes only.
const HEX_SECRET_RUN = /[0-9a-f]{40,}/;
const TOKEN_RUN = /(?=[A-Za-z0-9_-]*[A-Z])(?=[A-Za-z0-9_-]*[a-z])[A-Za-z0-9_-]{24,}/;

/**
 * Creates and selects a profile named "Unreachable" whose base URL nothing listens at, so its
 * grants fail at once without depending on a name server; answers the profiles page module.
 */
async function addUnreachableProfile(page: Page): Promise<ProfilesPage> {
  const profiles = new ProfilesPage(page);
  await expect.poll(() => profiles.switcher.inputValue(), POLL).toBe('sandbox');
  await profiles.open();
  await profiles.newButton.click();
  await profiles.fill({
    Name: 'Unreachable',
    'Base URL': 'https://127.0.0.1:9',
    'Client id': 'unreachable-app',
    'Client secret': 'unreachable-secret-1234',
  });
  await profiles.button('Create profile').click();
  await expect.poll(() => profiles.status.first().innerText(), POLL).toBe('Created Unreachable.');
  await profiles.button('Use this profile').click();
  await profiles.button('Close').click();
  await expect
    .poll(() => page.getByRole('banner').innerText(), POLL)
    .toContain('https://127.0.0.1:9');
  return profiles;
}

describe('getting an app token', () => {
  test('"Get app token" shows a redacted token and the journaled call in full', async () => {
    const running = await session.host();
    const app = await session.openApp(running);

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
    await saveAppScreenshot(app.page, 'app-token');

    await app.rawToggle().click();
    expect(await app.rawToggle().getAttribute('aria-pressed')).toBe('true');
    const raw = await app.responseBody().innerText();
    expect(raw).toMatch(/^\{"access_token":"[^"]{1,8}…"/);

    const everything = await app.page.locator('body').innerText();
    expect(everything).not.toMatch(HEX_SECRET_RUN);
    expect(everything).not.toMatch(TOKEN_RUN);
  });

  test('while disconnected, the button says nothing was sent and why', async () => {
    const running = await session.host();
    const app = await session.openApp(running);
    // Stop the engine under the page: the call cannot succeed, and the reason must be said.
    await running.stop();
    await expect.poll(() => app.engineStatus.innerText(), POLL).toMatch(/disconnected/);
    await app.getAppTokenButton.click();
    await expect.poll(() => app.composerAlert.count(), POLL).toBe(1);
    expect(await app.composerAlert.innerText()).toMatch(
      /Disconnected from the engine, so nothing was sent/,
    );
  });

  test('while the grant runs, the button says what it waits for', async () => {
    let tap!: EngineTap;
    const app = await session.openApp(await session.host(), {
      beforeOpen: async (page) => void (tap = await tapEngine(page)),
    });
    const release = tap.hold('auth.getAppToken');
    await app.getAppTokenButton.click();
    const waiting = app.composer.getByRole('button', { name: 'Requesting app token…' });
    await waiting.waitFor();
    expect(await waiting.isDisabled()).toBe(true);
    expect(await app.composerAlert.count()).toBe(0);

    release();
    await expect.poll(() => app.appTokenStatus.innerText(), POLL).toMatch(/valid until/);
    expect(await app.getAppTokenButton.isEnabled()).toBe(true);
  });

  test("a refused grant shows the engine's message in words by the button", async () => {
    let tap!: EngineTap;
    const app = await session.openApp(await session.host(), {
      beforeOpen: async (page) => void (tap = await tapEngine(page)),
    });
    const message =
      'The platform refused the client credentials (401 invalid_client): check the client id and secret in the profile.';
    tap.failWith('auth.getAppToken', { code: 'http_error', message });
    await app.getAppTokenButton.click();
    await expect.poll(() => app.composerAlert.count(), POLL).toBe(1);
    expect(await app.composerAlert.innerText()).toBe(message);
    // The button is ready for another try.
    expect(await app.getAppTokenButton.isEnabled()).toBe(true);
  });

  test('a failed grant belongs to its profile: switching to another profile clears it', async () => {
    const app = await session.openApp(await session.host());
    const profiles = await addUnreachableProfile(app.page);

    await app.getAppTokenButton.click();
    await expect.poll(() => app.composerAlert.count(), POLL).toBe(1);
    expect(await app.composerAlert.innerText()).toMatch(/client_credentials grant/);

    await profiles.switcher.selectOption({ label: 'Sandbox (Acme Orders)' });
    await expect.poll(() => app.composerAlert.count(), POLL).toBe(0);
    // Back on the profile it failed on, it is not said again: it was about a click now past.
    await profiles.switcher.selectOption({ label: 'Unreachable' });
    await expect.poll(() => app.activeProfile.innerText(), POLL).toContain('https://127.0.0.1:9');
    expect(await app.composerAlert.count()).toBe(0);
  });

  test('a failed grant clears once the engine gets a token for a call', async () => {
    const running = await session.host();
    const ada = await sandboxUser(running, 'Ada', 'Lovelace');
    let tap!: EngineTap;
    const app = await session.openApp(running, {
      beforeOpen: async (page) => void (tap = await tapEngine(page)),
    });
    tap.failWith('auth.getAppToken', { code: 'http_error', message: 'The grant was refused.' });
    await app.getAppTokenButton.click();
    await expect.poll(() => app.composerAlert.count(), POLL).toBe(1);

    // A call with the app token (whatever the platform answers about Ada, who has not approved
    // the app): the engine runs the grant itself first and announces the token with auth.changed.
    const sent = await engineCall(app.page, 'composer.send', {
      endpointId: 'me',
      params: { user_id: ada.id },
      actAs: { kind: 'appForUser', userId: ada.id },
    });
    expect(sent.record.api.status).not.toBe(401);
    await expect.poll(() => app.appTokenStatus.innerText(), POLL).toMatch(/valid until/);
    await expect.poll(() => app.composerAlert.count(), POLL).toBe(0);
  });

  test("a grant still running for another profile neither blocks this profile's button nor shows on it", async () => {
    let tap!: EngineTap;
    const app = await session.openApp(await session.host(), {
      beforeOpen: async (page) => void (tap = await tapEngine(page)),
    });
    const release = tap.hold('auth.getAppToken');
    const profiles = await addUnreachableProfile(app.page);
    await app.getAppTokenButton.click();
    const waiting = app.composer.getByRole('button', { name: 'Requesting app token…' });
    await waiting.waitFor(POLL);

    // On the sandbox profile the button is its own: ready, and it gets the sandbox's token.
    await profiles.switcher.selectOption({ label: 'Sandbox (Acme Orders)' });
    await expect.poll(() => app.getAppTokenButton.isEnabled().catch(() => false), POLL).toBe(true);
    release();
    await app.getAppTokenButton.click();
    await expect.poll(() => app.appTokenStatus.innerText(), POLL).toMatch(/valid until/);
    // The held grant, let go, failed on the profile left behind (the event log says so): nothing
    // of it shows here, and the button stays this profile's.
    await expect
      .poll(() => app.recordRows(/App token request failed/).count(), POLL)
      .toBeGreaterThanOrEqual(1);
    expect(await app.composerAlert.count()).toBe(0);
    expect(await app.getAppTokenButton.isEnabled()).toBe(true);
  });
});
