// The Inbound tab against the real engine and the embedded sandbox: the receiver's URLs, response
// control set to 500 making the sandbox's delivery attempts fail and retry (each answer shown, the
// retries marked), a forward target (a tiny node:http server here) with its result beside it, and
// the sandbox's RSA key one click away, and the receiver's port saved for the next start.
import { createServer, type Server } from 'node:http';
import { freePort } from '../helpers/sandbox-client';
import type { BrowserContext } from 'playwright-core';
import { afterEach, describe, expect, test } from 'vitest';
import { InboundPage } from './pages/inbound-page';
import { answerConsentPage, UsersPage } from './pages/users-page';
import { POLL, useAppSession } from './support/app-session';
import type { RunningHost } from './support/host';
import { saveAppScreenshot } from './support/screenshot';

const session = useAppSession();
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

async function sandbox<T>(running: RunningHost, method: string, path: string, body?: unknown) {
  const res = await fetch(`${running.ready.sandbox}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  expect(res.status, `${method} ${path}`).toBe(200);
  return (await res.json()) as T;
}

/** A sandbox user, connected through the Users tab and the real consent page. */
async function connectedUser(running: RunningHost, context: BrowserContext, users: UsersPage) {
  const ada = await sandbox<{ id: string }>(running, 'POST', '/_sandbox/users', {
    name: 'Ada',
    surname: 'Lovelace',
    msisdn: '+4915112345678',
  });
  await users.open();
  const consent = await users.startConnect(context);
  await answerConsentPage(consent, 'Ada Lovelace', 'Approve');
  await users.user('Ada Lovelace').waitFor(POLL);
  await consent.close();
  return ada;
}

async function userWrites(running: RunningHost, userId: string, text: string) {
  const state = await sandbox<{ apps: { client_id: string }[] }>(running, 'GET', '/_sandbox/state');
  await sandbox(running, 'POST', `/_sandbox/users/${userId}/messages`, {
    contact_id: state.apps[0]!.client_id,
    msg_type: 'text',
    text,
  });
}

async function openInbound(running: RunningHost) {
  const app = await session.openApp(running);
  const inbound = new InboundPage(app.page);
  const users = new UsersPage(app.page);
  return { app, inbound, users, context: app.page.context() };
}

describe('the Inbound tab', () => {
  test('shows the receiver, and a 500 makes the sandbox retry, each answer shown', async () => {
    const running = await session.host();
    const { inbound, users, context, app } = await openInbound(running);
    const ada = await connectedUser(running, context, users);
    await inbound.open();

    const deliveryUrl = await inbound.deliveryUrl();
    const listening = await inbound.receiverValue('Listening on').innerText();
    expect(listening).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(deliveryUrl).toBe(`${listening}/hooks/sandbox`);
    // Copy puts the delivery URL on the clipboard, and says so.
    await app.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await inbound.receiver.getByRole('button', { name: 'Copy the delivery URL' }).click();
    await inbound.receiver.getByRole('status').getByText('Copied').waitFor(POLL);
    expect(await app.page.evaluate('navigator.clipboard.readText()')).toBe(deliveryUrl);
    expect(await inbound.receiverValue('Management path').innerText()).toBe(
      '/hooks/sandbox/manage',
    );
    expect(await inbound.receiverValue('Directory path').innerText()).toBe(
      '/hooks/sandbox/directory',
    );
    expect(await inbound.receiverValue('Public URL').innerText()).toContain('no tunnel is up');
    expect(await inbound.tunnelState.innerText()).toContain('Off');

    // A bad number is refused in words, before anything reaches the engine.
    await inbound.responseField('Status').fill('99');
    await inbound.response.getByRole('button', { name: 'Save response' }).click();
    await inbound.response
      .getByRole('alert')
      .getByText('Status is a whole number from 200 to 599.')
      .waitFor(POLL);

    // A cleared Content-Type is saved as the default, and the form says so (and "Saved").
    await inbound.setResponse({ Status: '200', 'Content-Type': '' });
    expect(await inbound.responseField('Content-Type').inputValue()).toBe(
      'text/plain; charset=utf-8',
    );

    await inbound.setResponse({ Status: '500', Body: 'not today' });
    await userWrites(running, ada.id, 'Where is my order?');

    // The sandbox tries again after 1 s, 2 s, ...: every attempt answered 500 and shown, the
    // retries marked as repeats of the first.
    await expect
      .poll(() => inbound.answers.getByRole('listitem').count(), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(3);
    const lines = await inbound.answers.getByRole('listitem').allInnerTexts();
    for (const line of lines) expect(line).toMatch(/^500 as configured/);
    // Times read as everywhere in the app: 24-hour, as the event log shows them.
    for (const line of lines) expect(line).toMatch(/#\d+ \d{2}:\d{2}:\d{2}(?!\s*[AP]M)/);
    const first = /#(\d+)/.exec(lines.at(-1)!)![1];
    expect(lines[0]).toContain(`retry of #${first}`);
    // The sandbox records an attempt once the receiver's answer is back, after the tab showed it.
    await expect
      .poll(async () => {
        const { deliveries } = await sandbox<{ deliveries: { attempts: unknown[] }[] }>(
          running,
          'GET',
          '/_sandbox/deliveries',
        );
        return deliveries[0]!.attempts.length;
      }, POLL)
      .toBeGreaterThanOrEqual(3);
    // The Event log has each attempt as a delivery record answered 500.
    const failedInLog = app.records
      .getByRole('option')
      .filter({ hasText: /delivery/ })
      // The status cell reads exactly "500" (the row's cells run together in its text).
      .filter({ has: app.page.getByText('500', { exact: true }) });
    await expect.poll(() => failedInLog.count(), POLL).toBeGreaterThanOrEqual(3);

    // Back to 200: the next attempt succeeds, and the sandbox stops retrying.
    await inbound.setResponse({ Status: '200' });
    await expect
      .poll(async () => await inbound.answers.getByRole('listitem').first().innerText(), {
        timeout: 20_000,
      })
      .toMatch(/^200 as configured · retry of/);
    await saveAppScreenshot(app.page, 'inbound-response');
  });

  test('forwards each delivery to a target and shows its result beside it', async () => {
    const received: { body: string; contentType: string }[] = [];
    const target = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        received.push({ body, contentType: req.headers['content-type'] ?? '' });
        res.writeHead(202).end('thanks');
      });
    });
    servers.push(target);
    await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
    const addr = target.address();
    const url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}/hooks/mine`;

    const running = await session.host();
    const { inbound, users, context } = await openInbound(running);
    const ada = await connectedUser(running, context, users);
    await inbound.open();

    // Not a URL: said in words.
    await inbound.forwardUrl.fill('localhost:3000');
    await inbound.addTargetButton.click();
    await inbound.forwards
      .getByRole('alert')
      .getByText(/is an http\(s\) URL/)
      .waitFor(POLL);

    await inbound.addForwardTarget(url);
    expect(await inbound.target(url).innerText()).toContain('No delivery sent on yet.');
    await expect
      .poll(() => inbound.forwards.getByRole('textbox', { name: 'Timeout (s)' }).inputValue(), POLL)
      .toBe('30');

    await userWrites(running, ada.id, 'Forward me');
    await expect
      .poll(
        () =>
          inbound
            .targetResult(url)
            .innerText()
            .catch(() => ''),
        POLL,
      )
      .toMatch(/^Last: HTTP 202 in \d+(\.\d)? ms \(delivery #\d+/);
    expect(received).toHaveLength(1);
    expect(received[0]!.contentType).toBe('application/x-www-form-urlencoded');
    expect(new URLSearchParams(received[0]!.body).get('data')).toContain('Forward me');
    // The result names the delivery the receiver answered.
    const answered = await inbound.answers.getByRole('listitem').first().innerText();
    const seq = /#(\d+)/.exec(answered)![1];
    expect(await inbound.targetResult(url).innerText()).toContain(`delivery #${seq}`);

    // A dead target: its failure in words, beside it.
    target.close();
    servers.splice(0);
    await userWrites(running, ada.id, 'Anyone there?');
    await expect.poll(() => inbound.targetResult(url).innerText(), POLL).toMatch(/^Last: failed: /);

    await inbound
      .target(url)
      .getByRole('button', { name: `Remove forward target ${url}` })
      .click();
    await inbound.forwards.getByText('No targets: deliveries are not sent on.').waitFor(POLL);
  });

  test('sets the sandbox’s RSA public key with one click, and refuses what is not a PEM key', async () => {
    const running = await session.host();
    const { inbound } = await openInbound(running);
    await inbound.open();
    const pem = await (await fetch(`${running.ready.sandbox}/_sandbox/signing-key.pem`)).text();
    const field = inbound.key.getByRole('textbox', { name: /Public key \(PEM\)/ });

    await field.fill('hello');
    await inbound.key.getByRole('button', { name: 'Save key' }).click();
    await inbound.key
      .getByRole('alert')
      .getByText(/That is not a PEM public key/)
      .waitFor(POLL);

    await inbound.key.getByRole('button', { name: 'Use the sandbox’s key' }).click();
    await expect.poll(() => field.inputValue(), POLL).toBe(pem);
    await inbound.key.getByRole('status').getByText('Key set').waitFor(POLL);
  });

  test('a port saved for the next start is where the receiver listens after a restart', async () => {
    const running = await session.host();
    const { inbound } = await openInbound(running);
    await inbound.open();
    const port = await freePort();
    const field = inbound.receiver.getByRole('textbox', { name: 'Port at next start' });
    await field.fill('99999');
    await inbound.receiver.getByRole('button', { name: 'Save port' }).click();
    await inbound.receiver
      .getByRole('alert')
      .getByText(/whole number from 0 to 65535/)
      .waitFor(POLL);
    await field.fill(String(port));
    await inbound.receiver.getByRole('button', { name: 'Save port' }).click();
    await inbound.receiver.getByText('Saved: applies at the next start.').waitFor(POLL);

    await running.stop();
    const again = await session.host(running.dataDir);
    const reopened = await openInbound(again);
    await reopened.inbound.open();
    await expect
      .poll(() => reopened.inbound.receiverValue('Listening on').innerText(), POLL)
      .toBe(`http://127.0.0.1:${port}`);
    expect(await reopened.inbound.deliveryUrl()).toBe(`http://127.0.0.1:${port}/hooks/sandbox`);
  });
});
