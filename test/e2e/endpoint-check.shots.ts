// The endpoint check's report card for docs/endpoint-check.md, taken by
// `npm run docs:screens -- endpoint-check` (scripts/docs-screens.mjs): a handler that accepts a
// missing signature checked first, then, at the same URL, one that verifies re-serialized JSON.
// The card shows that run's failures, what changed since the first (one fixed, four now failing),
// and a failing check's exchange open; at 1280x800 and 1920x1080, light and dark.
import { expect, test } from 'vitest';
import {
  startSampleHandler,
  type SampleHandler,
} from '../integration/endpoint-check/sample-handler';
import { EndpointCheckPage } from './pages/endpoint-check-page';
import { FirstRunPage } from './pages/first-run-page';
import { POLL, useAppSession } from './support/app-session';
import { saveDocScreenshot } from './support/screenshot';

const session = useAppSession();
const SIZES = [
  [1280, 800],
  [1920, 1080],
] as const;

test('the report card of a re-run, with a failing check open', async () => {
  const running = await session.host(undefined, { inboundPort: 0 });
  const state = (await (await fetch(`${running.ready.sandbox}/_sandbox/state`)).json()) as {
    apps: { client_secret: string }[];
  };
  const env = { CLIENT_SECRET: state.apps[0]!.client_secret };
  let handler: SampleHandler = await startSampleHandler('accepts-missing-signature', env);
  try {
    const page = (await session.openApp(running)).page;
    // The Event log's own rows, not the first steps' panel, beside the card.
    await new FirstRunPage(page).dismiss.click();
    const check = new EndpointCheckPage(page);
    await check.openFromInbound();
    await check.run(handler.url);
    await expect.poll(() => check.counts.innerText(), POLL).toMatch(/^1 failed/);
    const port = Number(new URL(handler.url).port);
    await handler.stop();
    handler = await startSampleHandler('reserialized-json', env, port);
    await check.runButton.click();
    await expect.poll(() => check.changes.innerText(), POLL).toMatch(/1 fixed, 4 now failing/);
    const exchange = await check.openExchange('raw-bytes.non-ascii');
    await expect.poll(() => exchange.innerText(), POLL).toMatch(/HTTP 401/);
    for (const [width, height] of SIZES) {
      await page.setViewportSize({ width, height });
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        // The card from its head: the counts and the changes since the first run, then the rows.
        await check.report.evaluate((card) => card.scrollIntoView({ block: 'start' }));
        await saveDocScreenshot(page, `endpoint-check-${width}-${colorScheme}`);
      }
    }
  } finally {
    await handler.stop();
  }
});
