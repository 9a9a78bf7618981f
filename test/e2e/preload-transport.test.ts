// The renderer's Electron path: with `window.tp` present it must use it (and open no WebSocket),
// and a command the preload rejects with a plain {code, message} object reads as those words.
import { describe, expect, test } from 'vitest';
import { POLL, useAppSession } from './support/app-session';
import { FAKE_PRELOAD, fakePreloadScript } from './support/fake-preload';

const session = useAppSession();

describe('the renderer under the Electron preload', () => {
  test('uses window.tp instead of the WebSocket and shows its errors in words', async () => {
    const sockets: string[] = [];
    const app = await session.openApp(await session.host(), {
      beforeOpen: async (page) => {
        page.on('websocket', (ws) => sockets.push(ws.url()));
        await page.addInitScript(fakePreloadScript());
      },
    });

    await expect
      .poll(() => app.activeProfile.innerText(), POLL)
      .toContain(FAKE_PRELOAD.profileName);
    expect(await app.activeProfile.innerText()).toContain(FAKE_PRELOAD.baseUrl);
    // The contact book is asked through window.tp too; the fake refuses, and the pane says so in words.
    await expect
      .poll(() => app.contactEditor.innerText(), POLL)
      .toMatch(/The fake has no contacts\.list/);

    await app.getAppTokenButton.click();
    await expect.poll(() => app.composerAlert.count(), POLL).toBe(1);
    expect(await app.composerAlert.innerText()).toBe(FAKE_PRELOAD.tokenError);
    expect(sockets).toEqual([]);
  });
});
