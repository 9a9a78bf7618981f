// The embedded sandbox keeps its port across restarts (the one it had last, saved in the data
// folder), so a copy of its profile still answers; when that port is taken it takes another and
// the header says so; and a profile whose base URL does not answer says so, with what to do.
import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { engineCall } from './support/engine';
import { freshDataDir } from './support/host';
import { POLL, useAppSession } from './support/app-session';
import { ProfilesPage } from './pages/profiles-page';

const session = useAppSession();

/** A loopback server on a free port, held until closed: the port a test can count on. */
async function holdFreePort(): Promise<{ port: number; server: Server }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { port: address.port, server };
}

const release = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

describe('the embedded sandbox port', () => {
  test('comes back on the port it had, moves when it is taken, and a profile that does not answer says so', async () => {
    const dataDir = freshDataDir();
    // The port the sandbox had "last time": free now, saved where the host keeps its settings.
    const held = await holdFreePort();
    await release(held.server);
    writeFileSync(join(dataDir, 'settings.json'), JSON.stringify({ 'sandbox.port': held.port }));

    const first = await session.host(dataDir, { sandboxPort: 'remembered' });
    expect(first.ready.sandbox).toBe(`http://127.0.0.1:${held.port}`);
    let app = await session.openApp(first);
    const { profiles } = await engineCall(app.page, 'profiles.list', {});
    const sandboxProfile = profiles.find((p) => p.kind === 'sandbox')!;
    const copy = await engineCall(app.page, 'profiles.duplicate', {
      profileId: sandboxProfile.id,
      name: 'Sandbox copy',
    });
    expect(copy.baseUrl).toBe(first.ready.sandbox);
    await first.stop();

    // Restarted: the same port, so the copy still answers.
    const second = await session.host(dataDir, { sandboxPort: 'remembered' });
    expect(second.ready.sandbox).toBe(first.ready.sandbox);
    app = await session.openApp(second);
    let page = new ProfilesPage(app.page);
    await page.switcher.selectOption(copy.id);
    await expect
      .poll(() => engineCall(app.page, 'profiles.check', {}), POLL)
      .toMatchObject({
        profileId: copy.id,
        answers: true,
      });
    expect(await page.notAnswering.count()).toBe(0);
    await second.stop();

    // Its port taken at the next start: another one, said under the header.
    const squatter = createServer();
    await new Promise<void>((resolve) => squatter.listen(held.port, '127.0.0.1', resolve));
    const third = await session.host(dataDir, { sandboxPort: 'remembered' });
    expect(third.ready.sandbox).not.toBe(first.ready.sandbox);
    await release(squatter);
    app = await session.openApp(third);
    page = new ProfilesPage(app.page);
    await expect
      .poll(() => page.sandboxPortNotice.innerText(), POLL)
      .toContain(`port ${held.port} was taken, so it listens on ${third.ready.sandbox}`);

    // The copy points where nothing listens now: the header says so and what to do.
    await page.switcher.selectOption(copy.id);
    await expect
      .poll(() => page.notAnswering.innerText(), POLL)
      .toBe(
        `${first.ready.sandbox} does not answer: the sandbox moved to ${third.ready.sandbox}; edit the profile's base URL, or switch to the sandbox profile.`,
      );
    // Back on the sandbox profile, nothing to say.
    await page.switcher.selectOption(sandboxProfile.id);
    await expect.poll(() => page.notAnswering.count(), POLL).toBe(0);
  });
});
