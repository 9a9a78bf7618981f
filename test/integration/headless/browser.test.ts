// The host's guards as a real browser meets them (system Chromium): the printed link signs the
// browser in and drops the token from the address bar, the page's own WebSocket works under the
// CSP, and a page from another loopback port, which the cookie alone would not stop (cookies
// ignore ports and 127.0.0.1:other is same-site), is refused by the Origin check.
import { createServer, type Server } from 'node:http';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../../src-main/core/core';
import { typedInvoke, type Dispatch } from '../../../src-main/core/dispatch';
import { createEventEmitter } from '../../../src-main/core/events';
import { startHeadlessHost, type HeadlessHost } from '../../../src-main/headless/index';
import { launchChromium } from '../../e2e/support/browser';
import { waitFor } from '../../helpers/wait-for';

// Opens the WebSocket the way the renderer does and reports in the title.
const PAGE_SCRIPT = `
const ws = new WebSocket('ws://' + location.host + '/ws');
ws.onopen = () => ws.send(JSON.stringify({ id: 1, command: 'app.info', input: {} }));
ws.onmessage = (m) => { document.title = 'message:' + m.data; };
ws.onclose = (e) => { if (!document.title.startsWith('message:')) document.title = 'closed:' + e.code; };
`;

let host: HeadlessHost;
let evil: Server;
let evilUrl: string;
let browser: Browser;
let tmp: string;
let dispatched = 0;

function fakeCore(): Core {
  const dispatch: Dispatch = async () => {
    dispatched += 1;
    return { hello: 'from the engine' };
  };
  return {
    dispatch,
    invoke: typedInvoke(dispatch),
    events: createEventEmitter(),
    exportSession: () => Promise.reject(new Error('this fake exports nothing')),
    close: async () => undefined,
  };
}

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'tp-host-browser-'));
  const rendererDir = join(tmp, 'renderer');
  await mkdir(rendererDir, { recursive: true });
  await writeFile(
    join(rendererDir, 'index.html'),
    '<!doctype html><title>loading</title><script src="/app.js"></script>',
  );
  await writeFile(join(rendererDir, 'app.js'), PAGE_SCRIPT);
  host = await startHeadlessHost({
    sandboxPort: 0,
    port: 0,
    dataDir: join(tmp, 'data'),
    rendererDir,
    createCore: async () => fakeCore(),
  });

  // Another site on loopback that tries to drive the host with the browser's cookie.
  const attack = PAGE_SCRIPT.replace(
    "'ws://' + location.host + '/ws'",
    `'ws://127.0.0.1:${host.port}/ws'`,
  );
  evil = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<!doctype html><title>loading</title><script>${attack}</script>`);
  });
  await new Promise<void>((resolve) => evil.listen(0, '127.0.0.1', resolve));
  evilUrl = `http://127.0.0.1:${(evil.address() as AddressInfo).port}/`;
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => (evil ? evil.close(() => resolve()) : resolve()));
  await host?.close();
  await rm(tmp, { recursive: true, force: true });
});

/**
 * Waits for the test page to put what it heard in its title. Asked from here, not with a string
 * given to waitForFunction: a page that is not done at the first look makes Playwright evaluate the
 * string in the page, which the host's CSP (no eval) refuses (once in CI).
 */
async function titleSettled(page: Page): Promise<void> {
  await waitFor(
    'the test page to write what it heard in its title',
    async () => ((await page.title()) !== 'loading' ? true : undefined),
    { everyMs: 50 },
  );
}

describe('headless host in a real browser', () => {
  it('signs in with the printed link, hides the token, and talks over the WebSocket', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const cspViolations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) cspViolations.push(m.text());
    });
    await page.goto(host.url);
    expect(page.url()).toBe(`http://127.0.0.1:${host.port}/`);
    await titleSettled(page);
    expect(await page.title()).toBe(
      `message:${JSON.stringify({ id: 1, ok: true, output: { hello: 'from the engine' } })}`,
    );
    expect(cspViolations).toEqual([]);
    // The cookie is out of the page's reach.
    expect(await page.evaluate('document.cookie')).toBe('');
    const [cookie] = await context.cookies(`http://127.0.0.1:${host.port}/`);
    expect(cookie).toMatchObject({
      name: `tp_session_${host.port}`,
      httpOnly: true,
      sameSite: 'Strict',
    });

    // A page on another loopback port, in the same signed-in browser, is refused.
    const before = dispatched;
    const attacker = await context.newPage();
    await attacker.goto(evilUrl);
    await titleSettled(attacker);
    expect(await attacker.title()).toBe('closed:1006');
    expect(dispatched).toBe(before);
    await context.close();
  });

  it('keeps two hosts signed in side by side in one browser (each port has its own cookie)', async () => {
    const second = await startHeadlessHost({
      sandboxPort: 0,
      port: 0,
      dataDir: join(tmp, 'data-2'),
      rendererDir: join(tmp, 'renderer'),
      createCore: async () => fakeCore(),
    });
    const context = await browser.newContext();
    try {
      const first = await context.newPage();
      await first.goto(host.url);
      const other = await context.newPage();
      await other.goto(second.url);
      // Signing in to the second host must not sign the browser out of the first.
      const reloaded = await first.reload();
      expect(reloaded?.status()).toBe(200);
      await titleSettled(first);
      expect(await first.title()).toMatch(/^message:/);
      await titleSettled(other);
      expect(await other.title()).toMatch(/^message:/);
      const names = (await context.cookies()).map((c) => c.name).sort();
      expect(names).toEqual([`tp_session_${host.port}`, `tp_session_${second.port}`].sort());
    } finally {
      await context.close();
      await second.close();
    }
  });

  it('shows a browser without the link the 401 page', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const response = await page.goto(`http://127.0.0.1:${host.port}/`);
    expect(response?.status()).toBe(401);
    expect(await page.textContent('body')).toMatch(/Open that link in this browser/);
    await context.close();
  });
});
