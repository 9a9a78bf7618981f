// The load run in the app, through the headless host: from the Inbound tab's "Check endpoint",
// the correct sample handler (on a free loopback port) loaded for a short while; the progress line
// while it runs, then the summary: every delivery answered 2xx, the mix's proportions, and the
// histogram's bars counting every answer. A URL off this machine is asked about first; Escape
// answers no.
import { expect, test } from 'vitest';
import {
  startSampleHandler,
  type SampleHandler,
} from '../integration/endpoint-check/sample-handler';
import { LoadPage } from './pages/load-page';
import { POLL, useAppSession } from './support/app-session';
import { saveAppScreenshot } from './support/screenshot';

const session = useAppSession();
const until = (words: string) => ({ ...POLL, message: words });

test('a short load run of the checked URL, its progress and its summary', async () => {
  const running = await session.host();
  const state = (await (await fetch(`${running.ready.sandbox}/_sandbox/state`)).json()) as {
    apps: { client_secret: string }[];
  };
  const handler: SampleHandler = await startSampleHandler('correct', {
    CLIENT_SECRET: state.apps[0]!.client_secret,
  });
  try {
    const app = await session.openApp(running);
    const load = new LoadPage(app.page);
    await load.check.openFromInbound();
    await load.start(handler.url, 30, 2, 'text=2,picture=1');
    // The run's line shows while it runs (the figures from load.progress after its first second).
    await load.progress.waitFor(POLL);
    await expect
      .poll(() => load.progress.innerText(), until('the live figures'))
      .toMatch(/^\d+ s: sent \d+\/60, answered \d+, errors 0, late \d+, p99 [\d.]+ ms$/);
    await load.summary.waitFor(POLL);
    expect(await load.progress.count()).toBe(0);
    const figures = await load.figures.innerText();
    expect(figures).toMatch(/asked\s+30\/s: 60 deliveries/);
    expect(figures).toMatch(/answered\s+60 with 2xx/);
    expect(figures).toMatch(/errors\s+0/);
    expect(figures).toMatch(/mix\s+text 40, picture 20/);
    expect(await load.summary.getByRole('heading').innerText()).toMatch(/^✓ Passed: 0\.0% errors/);
    // Every answer is in one of the histogram's bars.
    const bars = await load.histogram
      .getByRole('listitem')
      .evaluateAll((items) =>
        items.map((li) => Number(/: (\d+)$/.exec(li.getAttribute('aria-label') ?? '')?.[1])),
      );
    expect(bars.reduce((a, b) => a + b, 0)).toBe(60);
    await saveAppScreenshot(app.page, 'load-summary');

    // A URL off this machine: the question first, and Escape sends nothing.
    await load.start('http://192.0.2.10:8080/hook', 30, 2);
    await load.remoteQuestion.waitFor(POLL);
    expect(await load.remoteQuestion.innerText()).toMatch(
      /192\.0\.2\.10:8080 is not this machine\. The load run sends http:\/\/192\.0\.2\.10:8080\/hook 60 signed deliveries/,
    );
    await app.page.keyboard.press('Escape');
    await load.remoteQuestion.waitFor({ state: 'detached', ...POLL });
    expect(await load.progress.count()).toBe(0);
  } finally {
    await handler.stop();
  }
});
