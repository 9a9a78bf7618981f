// The consent page in a real browser (system Chromium through playwright-core): pick a user and
// approve, create a user, deny. The redirect to the app's callback must go through.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchChromium } from '../../e2e/support/browser';
import { Harness } from './harness';

let browser: Browser;
let callback: Server;
let h: Harness;
const hits: URL[] = [];

beforeAll(async () => {
  callback = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    // The browser also asks for /favicon.ico.
    if (url.pathname === '/callback') hits.push(url);
    res.writeHead(200, { 'content-type': 'text/plain' }).end('back at the app');
  });
  await new Promise<void>((r) => callback.listen(0, '127.0.0.1', r));
  const port = (callback.address() as AddressInfo).port;
  h = await Harness.start({ apps: [{ redirect_uri: `http://127.0.0.1:${port}/callback` }] });
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await h?.close();
  callback.closeAllConnections();
  await new Promise((r) => callback.close(r));
});

const authorizeUrl = (state: string) =>
  `${h.base}/tp/authorize?response_type=code&client_id=${h.app.client_id}&state=${state}&scope=basic+user_phone`;

it('approving as a listed user, as a new user, and denying all return to the app', async () => {
  const page = await browser.newPage();
  const users = (await h.sim('GET', '/state')).json.users as {
    id: string;
    name: string;
    surname: string;
  }[];
  const chosen = users[1]!;

  await page.goto(authorizeUrl('one'));
  expect(await page.title()).toBe('Connect Acme Orders');
  expect(await page.textContent('body')).toContain("Get the user's phone number");
  await page.check(`input[name=user_id][value="${chosen.id}"]`);
  await Promise.all([page.waitForURL(/\/callback\?/), page.click('button[value=approve]')]);
  const first = hits.at(-1)!;
  expect(first.searchParams.get('state')).toBe('one');
  const token = await h.exchange(first.searchParams.get('code') ?? '');
  expect(token.json.user_id).toBe(chosen.id);

  await page.goto(authorizeUrl('two'));
  await page.check('input[name=user_id][value=new]');
  await page.fill('input[name=new_name]', 'Browser');
  await page.fill('input[name=new_surname]', 'Person');
  await Promise.all([page.waitForURL(/\/callback\?/), page.click('button[value=approve]')]);
  const second = await h.exchange(hits.at(-1)!.searchParams.get('code') ?? '');
  const me = await h.get('/tp/me.json', {}, String(second.json.access_token));
  expect(me.json.profile).toMatchObject({ name: 'Browser', surname: 'Person' });

  await page.goto(authorizeUrl('three'));
  await Promise.all([page.waitForURL(/\/callback\?/), page.click('button[value=deny]')]);
  expect(hits.at(-1)!.searchParams.get('error')).toBe('access_denied');
  expect(hits.at(-1)!.searchParams.get('state')).toBe('three');
  await page.close();
}, 60_000);
