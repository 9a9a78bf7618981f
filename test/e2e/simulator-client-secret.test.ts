// The sandbox app's client secret, which a developer needs to sign or check deliveries in a handler
// of their own: the Simulator's App registration shows it on request (hidden at first, Show and
// Hide) and copies it to the clipboard, and it reaches neither the Event log nor a session export.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { EventLogPage } from './pages/event-log-page';
import { SimulatorPage } from './pages/simulator-page';
import { POLL, useAppSession } from './support/app-session';
import { saveAppScreenshot } from './support/screenshot';
import type { RunningHost } from './support/host';

const session = useAppSession();

async function sandboxSecret(running: RunningHost): Promise<string> {
  const state = (await (await fetch(`${running.ready.sandbox}/_sandbox/state`)).json()) as {
    apps: { client_secret: string }[];
  };
  return state.apps[0]!.client_secret;
}

describe("the sandbox app's client secret", () => {
  test('is hidden, shown on Show, copied on Copy, and in no export', async () => {
    const running = await session.host();
    const app = await session.openApp(running);
    const secret = await sandboxSecret(running);
    const sim = new SimulatorPage(app.page);
    await sim.open();
    await sim.expand('App registration');
    const field = sim.clientSecret();
    await field.waitFor(POLL);
    expect(await field.innerText()).not.toContain(secret);
    expect(await field.getByLabel('Client secret, hidden').count()).toBe(1);

    await field.getByRole('button', { name: 'Show', exact: true }).click();
    const value = field.getByLabel('Client secret value');
    await value.waitFor(POLL);
    expect(await value.innerText()).toBe(secret);
    await field.scrollIntoViewIfNeeded();
    await saveAppScreenshot(app.page, 'simulator-client-secret-shown');
    await field.getByRole('button', { name: 'Hide', exact: true }).click();
    await expect.poll(() => field.innerText(), POLL).not.toContain(secret);

    await app.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await field.getByRole('button', { name: 'Copy', exact: true }).click();
    await expect.poll(() => field.innerText(), POLL).toContain('Copied to the clipboard.');
    expect(await app.page.evaluate('navigator.clipboard.readText()')).toBe(secret);
    expect(await field.innerText()).not.toContain(secret);

    // Neither the Event log nor the session's export holds it.
    const log = new EventLogPage(app.page);
    await log.search.fill(secret.slice(0, 12));
    await expect.poll(() => log.shown(), POLL).toBe(0);
    await log.search.fill('');
    const download = await log.exportSession('NDJSON');
    const exported = readFileSync((await download.path())!, 'utf8');
    expect(exported.length).toBeGreaterThan(0);
    expect(exported).not.toContain(secret);
  });
});
