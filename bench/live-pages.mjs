// The pages bench:live measures, opened in a browser context of their own: the app's Event log,
// the reference list (reference-live-list.html) and the floor (the reference drawing one row),
// which the bench serves at a path of the host's own origin with the session cookie the app's page
// would have.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './children.mjs';

/** Where the reference list is served from: a path of the host's origin, so its WebSocket may connect. */
const REFERENCE_PATH = '/bench-reference-live-list';
export const REFERENCE_FILE = join(root, 'bench', 'reference-live-list.html');

/** Chromium's options for these pages. */
export const LIVE_BROWSER_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--no-first-run',
  // The reference page is the bench's answer to a request (page.route), which has no address:
  // Chromium counts it as public and would block its WebSocket to the loopback host. The app's
  // page comes from the host itself and is not concerned.
  '--disable-features=LocalNetworkAccessChecks',
];

/**
 * The app: its URL carries the session token, which the host turns into the cookie.
 * @param {import('playwright-core').BrowserContext} context
 * @param {string} hostUrl the URL the host printed (with its token)
 */
export async function openApp(context, hostUrl) {
  const page = await context.newPage();
  await page.goto(hostUrl);
  return page;
}

/**
 * The floor: the reference list drawing one row, the newest, and the count. What a page that shows
 * each record as it arrives costs at the least in this Chromium on this machine.
 */
export const FLOOR_ROWS = 1;

/**
 * The reference list, or another page in its place (`file`, to try a variant).
 * @param {import('playwright-core').BrowserContext} context
 * @param {string} hostUrl the URL the host printed (with its token)
 * @param {string} [file]
 * @param {number} [rows] the rows it draws (its default: 36, the list's view and one more)
 */
export async function openReference(context, hostUrl, file = REFERENCE_FILE, rows = undefined) {
  const url = new URL(hostUrl);
  const html = readFileSync(file, 'utf8');
  await context.addCookies([
    {
      name: `tp_session_${url.port}`,
      value: url.searchParams.get('token') ?? '',
      url: url.origin,
      httpOnly: true,
      sameSite: 'Strict',
    },
  ]);
  await context.route(`${url.origin}${REFERENCE_PATH}`, (route) =>
    route.fulfill({ contentType: 'text/html; charset=utf-8', body: html }),
  );
  const page = await context.newPage();
  await page.goto(`${url.origin}${REFERENCE_PATH}${rows === undefined ? '' : `#rows=${rows}`}`);
  return page;
}
