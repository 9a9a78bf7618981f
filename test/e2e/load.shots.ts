// The Load part of the Endpoint check view for docs/load.md, taken by
// `npm run docs:screens -- load` (scripts/docs-screens.mjs): the correct sample handler loaded at
// 100 a second for 3 s with a mix, its summary and histogram; at 1280x800, light and dark.
import { expect, test } from 'vitest';
import {
  startSampleHandler,
  type SampleHandler,
} from '../integration/endpoint-check/sample-handler';
import { FirstRunPage } from './pages/first-run-page';
import { LoadPage } from './pages/load-page';
import { POLL, useAppSession } from './support/app-session';
import { saveDocScreenshot } from './support/screenshot';

const session = useAppSession();

test('the summary of a short load run', async () => {
  const running = await session.host(undefined, { inboundPort: 0 });
  const state = (await (await fetch(`${running.ready.sandbox}/_sandbox/state`)).json()) as {
    apps: { client_secret: string }[];
  };
  const handler: SampleHandler = await startSampleHandler('correct', {
    CLIENT_SECRET: state.apps[0]!.client_secret,
  });
  try {
    const page = (await session.openApp(running)).page;
    await new FirstRunPage(page).dismiss.click();
    await page.setViewportSize({ width: 1280, height: 800 });
    const load = new LoadPage(page);
    await load.check.openFromInbound();
    await load.start(handler.url, 100, 3, 'text=60,picture=20,group-join=20');
    await load.summary.waitFor(POLL);
    expect(await load.figures.innerText()).toMatch(/answered\s+300 with 2xx/);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await load.section.evaluate((section) => section.scrollIntoView({ block: 'start' }));
      await saveDocScreenshot(page, `load-1280-${colorScheme}`);
    }
  } finally {
    await handler.stop();
  }
});
