// The panes' sizes and the first steps' dismissal are the engine's settings, not the browser's
// storage (which is per origin): the headless host started again on the same data folder, on
// another port, shows the layout and keeps the first steps closed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { FirstRunPage } from './pages/first-run-page';
import { LayoutPage } from './pages/layout-page';
import { POLL, useAppSession } from './support/app-session';

const session = useAppSession();
const until = (words: string) => ({ ...POLL, message: words });

/** What the data folder's settings hold of the window's preferences. */
function storedPreferences(dataDir: string): {
  layout?: { sizes?: { tools?: number }; widened?: boolean };
  firstRunClosed?: boolean;
} {
  try {
    const settings = JSON.parse(readFileSync(join(dataDir, 'settings.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    return (settings['ui.preferences'] as ReturnType<typeof storedPreferences>) ?? {};
  } catch {
    return {};
  }
}

describe('the window preferences across hosts', () => {
  test('a host on another port of the same data folder has the layout and the first steps closed', async () => {
    const first = await session.host();
    const app = await session.openApp(first);
    const layout = new LayoutPage(app.page);
    const firstRun = new FirstRunPage(app.page);
    await firstRun.panel.waitFor(POLL);
    await layout.press('tools column', 'ArrowRight', 3);
    await expect
      .poll(() => layout.value('tools column'), until('the tools column at 368'))
      .toBe(368);
    await firstRun.dismiss.click();
    await expect.poll(() => firstRun.panel.count(), until('the first steps closed')).toBe(0);
    await expect
      .poll(
        () => storedPreferences(first.dataDir),
        until('the engine to keep the layout and the dismissal'),
      )
      .toMatchObject({ layout: { sizes: { tools: 368 } }, firstRunClosed: true });
    await first.stop();

    const second = await session.host(first.dataDir);
    expect(new URL(second.ready.url).origin).not.toBe(new URL(first.ready.url).origin);
    const again = await session.openApp(second);
    const layoutAgain = new LayoutPage(again.page);
    // The page reads all its preferences in one answer: with the engine's layout shown, the first
    // steps' state is the engine's too, and a panel coming back with that answer would be there.
    await expect
      .poll(() => layoutAgain.value('tools column'), until('the tools column at 368 again'))
      .toBe(368);
    await layoutAgain.records.waitFor(POLL);
    expect(await new FirstRunPage(again.page).panel.count()).toBe(0);
  });
});
