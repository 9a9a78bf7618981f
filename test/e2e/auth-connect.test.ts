// Connecting a sandbox user through the whole stack: "Connect user" opens the sandbox's real
// consent page in a new tab, the person picks a user and approves, the platform redirects to the
// engine's loopback server, and the Users tab shows the user with their token facts. Also: a
// denied consent shown in words, cancel, the paste fallback, drop tokens / connect again / forget,
// and an otp at the management URL with its disconnect control (Drop tokens of …).
import { createServer } from 'node:http';
import { afterEach, describe, expect, test } from 'vitest';
import { answerConsent, freePort } from '../helpers/sandbox-client';
import { engineCall } from './support/engine';
import { answerConsentPage, UsersPage } from './pages/users-page';
import { POLL, useAppSession } from './support/app-session';
import type { RunningHost } from './support/host';
import { saveAppScreenshot } from './support/screenshot';

const session = useAppSession();
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** A platform that takes requests and never answers them, until closed. */
async function stalledPlatform() {
  const server = createServer(() => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  let closed: Promise<void> | null = null;
  const close = () =>
    (closed ??= new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }));
  cleanups.push(close);
  return { baseUrl: `http://127.0.0.1:${(server.address() as { port: number }).port}`, close };
}

/** A sandbox user made through the simulator API, as a platform account would exist. */
async function sandboxUser(running: RunningHost, name: string, surname: string) {
  const res = await fetch(`${running.ready.sandbox}/_sandbox/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, surname, msisdn: '+4915112345678' }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { id: string };
}

async function openUsers(running: RunningHost) {
  const app = await session.openApp(running);
  const users = new UsersPage(app.page);
  await users.open();
  return { app, users, context: app.page.context() };
}

describe('connecting a user', () => {
  test('connects a sandbox user through the real consent page and shows them with their token', async () => {
    const running = await session.host();
    const ada = await sandboxUser(running, 'Ada', 'Lovelace');
    const { app, users, context } = await openUsers(running);

    expect(await users.scope('basic').isChecked()).toBe(true);
    await users.scope('user_phone').uncheck();
    const consent = await users.startConnect(context);
    expect(consent.url()).toContain('/tp/authorize?');
    expect(new URL(consent.url()).searchParams.get('scope')).toBe('basic');
    await expect
      .poll(() => users.flow.innerText(), POLL)
      .toMatch(/Waiting for the consent page in your browser… Times out in (\d+ min \d\d s|\d+ s)/);

    await answerConsentPage(consent, 'Ada Lovelace', 'Approve');
    // The browser lands on the engine's loopback page, which sends the person back to the app.
    await expect
      .poll(() => consent.locator('body').innerText(), POLL)
      .toMatch(/connected to .*go back to TP Inspector/is);

    const entry = users.user('Ada Lovelace');
    await entry.waitFor(POLL);
    expect(await users.userValue('Ada Lovelace', 'User id').innerText()).toBe(ada.id);
    expect(await users.userValue('Ada Lovelace', 'Scopes').innerText()).toBe('basic');
    expect(await users.userValue('Ada Lovelace', 'Refresh token').innerText()).toBe('present');
    expect(await users.userValue('Ada Lovelace', 'Expires').innerText()).toMatch(
      /^in ((\d+ h )?\d+ min \d\d s|\d+ s) \(\d\d:\d\d:\d\d\)/,
    );
    // The countdown is live: it moves with nothing else happening.
    const expires = await users.userValue('Ada Lovelace', 'Expires').innerText();
    await expect
      .poll(() => users.userValue('Ada Lovelace', 'Expires').innerText(), POLL)
      .not.toBe(expires);
    // Only a short redacted preview of the access token is ever on the page.
    expect(await users.userValue('Ada Lovelace', 'Access token').innerText()).toMatch(/^\S{0,8}…$/);
    // The flow's end is its own event (auth.flowChanged), not the users list's.
    await expect.poll(() => users.flow.innerText(), POLL).toContain('Connected Ada Lovelace.');
    // The grant is an auth record in the event log.
    await expect.poll(() => app.recordRows('auth', /Connected/).count(), POLL).toBeGreaterThan(0);
    await saveAppScreenshot(app.page, 'auth-connected');
  });

  test('a denied consent is shown in words, with the platform’s error and description', async () => {
    const running = await session.host();
    await sandboxUser(running, 'Grace', 'Hopper');
    const { users, context } = await openUsers(running);

    const consent = await users.startConnect(context);
    await answerConsentPage(consent, 'Grace Hopper', 'Deny');
    await expect.poll(() => users.flow.innerText(), POLL).toMatch(/Not connected: .*access_denied/);
    expect(await users.flow.getByRole('alert').count()).toBe(1);
    expect(await users.users.count()).toBe(0);
    // The flow is over: a new one can start.
    expect(await users.connectButton.isEnabled()).toBe(true);
  });

  test('a flow can be cancelled, and the consent page then leads nowhere', async () => {
    const running = await session.host();
    await sandboxUser(running, 'Alan', 'Turing');
    const { users, context } = await openUsers(running);

    const consent = await users.startConnect(context);
    expect(await users.connectButton.isDisabled()).toBe(true);
    await users.cancelButton.click();
    await expect
      .poll(() => users.flow.innerText(), POLL)
      .toContain('The connection was cancelled.');
    expect(await users.connectButton.isEnabled()).toBe(true);
    // Approving after the cancel reaches no app: the loopback server is gone.
    await answerConsentPage(consent, 'Alan Turing', 'Approve').catch(() => undefined);
    await consent.waitForLoadState().catch(() => undefined);
    expect(await users.users.count()).toBe(0);
  });

  test('a web page requesting the loopback redirect URI with a forged state does not end the flow', async () => {
    const running = await session.host();
    await sandboxUser(running, 'Ada', 'Lovelace');
    const { app, users, context } = await openUsers(running);

    const consent = await users.startConnect(context);
    const flow = await engineCall(app.page, 'auth.flow', {});
    // Any page the person has open can send the browser to the loopback URL; none knows the state.
    const forged = new URL(flow!.redirectUri);
    forged.searchParams.set('code', 'a-code-of-someone-else');
    forged.searchParams.set('state', 'forged');
    const stray = await context.newPage();
    const answer = await stray.goto(forged.toString());
    expect(answer?.status()).toBe(400);
    expect(await stray.locator('body').innerText()).toMatch(/still waiting/);
    await stray.close();
    // The flow still waits, and the consent page still leads to the user.
    await expect
      .poll(() => users.flow.innerText(), { ...POLL, message: 'the flow still waiting' })
      .toMatch(/Waiting for the consent page in your browser…/);
    await answerConsentPage(consent, 'Ada Lovelace', 'Approve');
    await expect
      .poll(() => users.flow.innerText(), { ...POLL, message: 'the flow connected' })
      .toContain('Connected Ada Lovelace.');
  });

  test('"Connect user" replaces a connection an otp at the directory URL started', async () => {
    const running = await session.host();
    await sandboxUser(running, 'Ada', 'Lovelace');
    const { app, users, context } = await openUsers(running);

    // A visitor opens the directory URL of a profile whose platform does not answer.
    const platform = await stalledPlatform();
    const stalled = await engineCall(app.page, 'profiles.create', {
      name: 'Stalled platform',
      baseUrl: platform.baseUrl,
      clientId: 'stalled-app',
      clientSecret: 'stalled-secret',
      redirectUri: `http://127.0.0.1:${await freePort()}/callback`,
      scopes: ['basic'],
    });
    const inbound = await engineCall(app.page, 'inbound.status', { profileId: stalled.id });
    const visit = fetch(`${inbound.suggested.directoryUrl}?otp=whatever`, {
      redirect: 'manual',
    }).catch(() => null);
    await expect
      .poll(() => users.flow.innerText(), { ...POLL, message: 'the otp-started flow shown' })
      .toMatch(/one-time password from the directory URL/);
    expect(await users.connectButton.isEnabled()).toBe(true);

    const consent = await users.startConnect(context);
    await answerConsentPage(consent, 'Ada Lovelace', 'Approve');
    await expect
      .poll(() => users.flow.innerText(), { ...POLL, message: 'the person’s flow connected' })
      .toContain('Connected Ada Lovelace.');
    await users.user('Ada Lovelace').waitFor(POLL);
    await platform.close();
    expect((await visit)?.status).toBe(400);
  });

  test('takes the redirect URL pasted by hand when the browser cannot reach the app', async () => {
    const running = await session.host();
    const ada = await sandboxUser(running, 'Ada', 'Lovelace');
    const { users, context } = await openUsers(running);

    const consent = await users.startConnect(context);
    // The person approves in a browser that cannot reach the app's loopback redirect URI: the
    // simulator gives the URL that browser would land on, without following it.
    const authorizeUrl = consent.url();
    await consent.close();
    const landed = await answerConsent(
      { baseUrl: running.ready.sandbox },
      authorizeUrl,
      ada.id,
      'approve',
    );
    expect(landed).toContain('code=');
    await users.pasteField.fill(landed);
    await users.pasteButton.click();
    await users.user('Ada Lovelace').waitFor(POLL);
    expect(await users.userValue('Ada Lovelace', 'User id').innerText()).toBe(ada.id);
  });

  test('drops a user\'s tokens (then "Connect again"), refreshes, and forgets', async () => {
    const running = await session.host();
    await sandboxUser(running, 'Ada', 'Lovelace');
    const { users, context } = await openUsers(running);
    await users.connectThroughConsent(context, 'Ada Lovelace');
    const entry = users.user('Ada Lovelace');

    const before = await users.userValue('Ada Lovelace', 'Access token').innerText();
    await entry.getByRole('button', { name: 'Refresh' }).click();
    await expect
      .poll(() => users.userValue('Ada Lovelace', 'Access token').innerText(), POLL)
      .not.toBe(before);

    await entry.getByRole('button', { name: 'Drop tokens' }).click();
    await entry.getByRole('button', { name: 'Connect again' }).waitFor(POLL);
    expect(await entry.innerText()).toMatch(/\bno tokens\b/i);

    // "Connect again" starts a new flow with the user's scopes, on the consent page again.
    const consent = await users.startConnect(
      context,
      entry.getByRole('button', { name: 'Connect again' }),
    );
    await answerConsentPage(consent, 'Ada Lovelace', 'Approve');
    await entry.getByRole('button', { name: 'Drop tokens' }).waitFor(POLL);

    await entry.getByRole('button', { name: 'Remove from the list' }).click();
    await expect.poll(() => users.users.count(), POLL).toBe(0);
  });

  test('an otp at the management URL shows its user, verified, with the disconnect control', async () => {
    const running = await session.host();
    await sandboxUser(running, 'Ada', 'Lovelace');
    const { users, context } = await openUsers(running);
    const userId = await users.connectThroughConsent(context, 'Ada Lovelace');

    // A platform client opens the management URL with an otp and fromapp=false.
    const res = await fetch(`${running.ready.sandbox}/_sandbox/users/${userId}/otp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ target: 'management', fromapp: false }),
    });
    expect(res.status).toBe(200);
    const visit = users.otpVisits.getByRole('listitem').first();
    await visit.waitFor(POLL);
    expect(await visit.innerText()).toMatch(/management URL[\s\S]*Ada Lovelace[\s\S]*verified/i);
    expect(await visit.innerText()).toContain('fromapp=false');
    await visit.getByRole('button', { name: 'Drop tokens of Ada Lovelace' }).click();
    await users.user('Ada Lovelace').getByRole('button', { name: 'Connect again' }).waitFor(POLL);
  });

  test('an otp at the directory URL connects its user without a consent page', async () => {
    const running = await session.host();
    const grace = await sandboxUser(running, 'Grace', 'Hopper');
    const { users } = await openUsers(running);

    // A platform client opens the directory URL; the engine uses the otp in /tp/authorize.
    const res = await fetch(`${running.ready.sandbox}/_sandbox/users/${grace.id}/otp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ target: 'directory' }),
    });
    expect(res.status).toBe(200);
    await users.user('Grace Hopper').waitFor(POLL);
    expect(await users.userValue('Grace Hopper', 'User id').innerText()).toBe(grace.id);
    const visit = users.otpVisits.getByRole('listitem').first();
    expect(await visit.innerText()).toMatch(/directory URL[\s\S]*used to connect/i);
  });

  test('a user whose refresh the platform refused shows "no tokens", with "Connect again"', async () => {
    const running = await session.host();
    const ada = await sandboxUser(running, 'Ada', 'Lovelace');
    const { users, context } = await openUsers(running);
    await users.connectThroughConsent(context, 'Ada Lovelace');
    const entry = users.user('Ada Lovelace');

    // The grant is revoked on the platform (what the Simulator's "Revoke on the platform" does).
    const res = await fetch(`${running.ready.sandbox}/_sandbox/users/${ada.id}/disconnect`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(200);
    await entry.getByRole('button', { name: 'Refresh' }).click();
    // One refused refresh (invalid_grant), said in words, and no retry loop: "Connect again".
    await entry.getByRole('button', { name: 'Connect again' }).waitFor(POLL);
    expect(await entry.innerText()).toMatch(/invalid_grant[\s\S]*Connect the user again/);
    expect(await users.alert.first().innerText()).toContain('invalid_grant');
  });
});
