// The composer's send and response views: upload progress while a file goes out, a response over
// 1 MiB shown in slices and pages, and a rate-limited call (the sandbox, limited to one call per window, answers the second send 429 with
// Retry-After, and the view counts it down).
import type { Page, WebSocketRoute } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { ComposerPage } from './pages/composer-page';
import { POLL, useAppSession } from './support/app-session';
import type { RunningHost } from './support/host';
import { saveAppScreenshot } from './support/screenshot';

const session = useAppSession();

async function limitCalls(running: RunningHost, count: number, windowS: number) {
  const state = (await (await fetch(`${running.ready.sandbox}/_sandbox/state`)).json()) as {
    apps: { client_id: string }[];
  };
  const clientId = state.apps[0]!.client_id;
  const res = await fetch(`${running.ready.sandbox}/_sandbox/apps/${clientId}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ rate_limit: { count, window_s: windowS } }),
  });
  expect(res.status).toBe(200);
}

/**
 * Holds composer.send on its way to the engine and lets the test push progress events for it, as
 * a slow upload would produce (a loopback upload of a sample is over before anyone could see it).
 */
async function holdSends(page: Page) {
  let requestId: string | null = null;
  let release: (() => void) | null = null;
  let socket: WebSocketRoute | null = null;
  await page.routeWebSocket(/\/ws$/, (ws) => {
    const server = ws.connectToServer();
    socket = ws;
    ws.onMessage((message) => {
      const request = JSON.parse(String(message)) as {
        command: string;
        input: { requestId?: string };
      };
      if (request.command !== 'composer.send') {
        server.send(message);
        return;
      }
      requestId = request.input.requestId ?? null;
      release = () => server.send(message);
    });
    server.onMessage((message) => ws.send(message));
  });
  return {
    requestId: () => requestId,
    progress(sentBytes: number, totalBytes: number) {
      socket?.send(
        JSON.stringify({
          event: 'composer.progress',
          payload: { requestId, sentBytes, totalBytes },
        }),
      );
    },
    release: () => release?.(),
  };
}

/** Replaces the body of composer.send's answer on its way to the page, as a huge response would. */
async function enlargeSendAnswers(page: Page, json: unknown) {
  const text = JSON.stringify(json);
  await page.routeWebSocket(/\/ws$/, (ws) => {
    const server = ws.connectToServer();
    const sends = new Set<number>();
    ws.onMessage((message) => {
      const request = JSON.parse(String(message)) as { id: number; command: string };
      if (request.command === 'composer.send') sends.add(request.id);
      server.send(message);
    });
    server.onMessage((message) => {
      const answer = JSON.parse(String(message)) as {
        id?: number;
        ok?: boolean;
        output?: { json: unknown; record: { api: { responseBody: unknown } } };
      };
      if (answer.id === undefined || !sends.has(answer.id) || !answer.output) {
        ws.send(message);
        return;
      }
      answer.output.json = json;
      answer.output.record.api.responseBody = {
        encoding: 'utf8',
        text,
        size: Buffer.byteLength(text),
      };
      ws.send(JSON.stringify(answer));
    });
  });
  return Buffer.byteLength(text);
}

describe('the composer send and response views', () => {
  test('a response over 1 MiB shows at once: the raw text a slice at a time, the tree a page at a time', async () => {
    const items = Array.from({ length: 30_000 }, (_, i) => ({
      id: `m-${String(i).padStart(5, '0')}`,
      body: 'Your order has shipped and is on its way to you',
    }));
    let size = 0;
    const app = await session.openApp(await session.host(), {
      beforeOpen: async (page) => void (size = await enlargeSendAnswers(page, items)),
    });
    expect(size).toBeGreaterThan(1024 * 1024);
    const composer = new ComposerPage(app.page);
    await composer.chooseEndpoint('token');
    await composer.sendButton.click();

    await composer.jsonTree.waitFor(POLL);
    const tree = composer.jsonTree;
    expect(await tree.locator('summary').first().innerText()).toBe('[30000]');
    expect(await tree.getByText('"m-00099"').count()).toBe(1);
    expect(await tree.getByText('"m-00100"').count()).toBe(0);
    await tree.getByRole('button', { name: 'Show 100 more of 29900' }).click();
    await tree.getByText('"m-00199"').waitFor(POLL);

    await composer.rawBodyToggle.click();
    const raw = await composer.rawBody.innerText();
    expect(raw.length).toBe(64 * 1024);
    expect(raw.startsWith('[{"id":"m-00000"')).toBe(true);
    expect(await composer.region.innerText()).toMatch(/Showing the first 64\.0 KiB of 2\.\d MiB\./);
    await composer.region.getByRole('button', { name: 'Show 256.0 KiB more' }).click();
    await expect
      .poll(async () => (await composer.rawBody.innerText()).length, POLL)
      .toBe(64 * 1024 + 256 * 1024);
  });

  test('a file send shows its upload progress in words and as a progress bar', async () => {
    let held!: Awaited<ReturnType<typeof holdSends>>;
    const app = await session.openApp(await session.host(), {
      beforeOpen: async (page) => void (held = await holdSends(page)),
    });
    const composer = new ComposerPage(app.page);
    await composer.set('msg_type', 'file');
    await composer.sample('sample.pdf').click();
    await composer.sendButton.click();
    await expect.poll(() => held.requestId(), POLL).not.toBeNull();
    const waiting = composer.region.getByRole('button', { name: 'Sending…' });
    await waiting.waitFor(POLL);
    expect(await waiting.isDisabled()).toBe(true);

    held.progress(1024, 4096);
    const bar = composer.region.getByRole('progressbar', { name: 'Upload progress' });
    await bar.waitFor(POLL);
    expect(await bar.getAttribute('value')).toBe('1024');
    expect(await bar.getAttribute('max')).toBe('4096');
    expect(await composer.region.getByRole('status').allInnerTexts()).toContain(
      'Uploading 1.0 KiB of 4.0 KiB…',
    );
    // When the engine answers (here: refusing the unfinished form), the bar goes.
    held.release();
    await composer.sendButton.waitFor(POLL);
    expect(await bar.count()).toBe(0);
  });

  test('a 429 shows its Retry-After and counts it down', async () => {
    const running = await session.host();
    const app = await session.openApp(running);
    const composer = new ComposerPage(app.page);
    await limitCalls(running, 1, 60);

    await composer.chooseEndpoint('token');
    expect(await composer.field('grant_type').inputValue()).toBe('client_credentials');
    await composer.sendButton.click();
    await expect.poll(() => composer.responseValue('Status').innerText(), POLL).toBe('200');
    // The token call is refused a second time within the window.
    await composer.tab('Request').click();
    await composer.sendButton.click();
    await expect.poll(() => composer.responseValue('Status').innerText(), POLL).toBe('429');

    const timer = composer.region.getByRole('timer', { name: 'Retry-After' });
    const first = await timer.innerText();
    expect(first).toMatch(/^Rate limited \(429\)\. Retry-After \d+ s: send again in \d+ s\.$/);
    const secondsLeft = async () => Number((await timer.innerText()).match(/in (\d+) s/)?.[1]);
    const before = await secondsLeft();
    await expect.poll(secondsLeft, POLL).toBeLessThan(before);
    await saveAppScreenshot(app.page, 'composer-429');
  });
});
