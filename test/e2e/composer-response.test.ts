// The composer's response view for a rate-limited call: the sandbox, limited to one call per
// window, answers the second send 429 with Retry-After, and the view counts it down.
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

describe('the composer response view', () => {
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
