// The endpoint check in the app, through the headless host: from the Inbound tab, a sample handler
// with the re-serialized JSON bug (started here on a free loopback port) fails its raw-bytes
// checks on the report card; a failing check's exchange opens in place (the bytes sent, the 401)
// and in the Event log; then the correct handler at the same URL and Run again: the card says
// what was fixed since the last run.
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import {
  startSampleHandler,
  type SampleHandler,
} from '../integration/endpoint-check/sample-handler';
import { EndpointCheckPage } from './pages/endpoint-check-page';
import { EventLogPage } from './pages/event-log-page';
import { POLL, useAppSession } from './support/app-session';
import { saveAppScreenshot } from './support/screenshot';

const session = useAppSession();
const until = (words: string) => ({ ...POLL, message: words });

test('a failing check, its exchange, and the re-run after the fix', async () => {
  const running = await session.host();
  const state = (await (await fetch(`${running.ready.sandbox}/_sandbox/state`)).json()) as {
    apps: { client_secret: string }[];
  };
  const env = { CLIENT_SECRET: state.apps[0]!.client_secret };
  let handler: SampleHandler = await startSampleHandler('reserialized-json', env);
  try {
    const app = await session.openApp(running);
    const check = new EndpointCheckPage(app.page);
    await check.openFromInbound();
    // The profile's default method signs unless the form names another.
    expect(await check.signatureMethod.locator('option:checked').innerText()).toBe(
      "The profile's default",
    );
    expect(await check.signatureMethod.locator('option').allInnerTexts()).toEqual([
      "The profile's default",
      'HMAC-SHA256',
      'HMAC-SHA1',
      'RSA-SHA256',
    ]);
    // The burst left out (its family's box): the rest of the battery runs.
    await check.family('burst').uncheck();
    await check.run(handler.url);

    await expect
      .poll(() => check.counts.innerText(), until('the first report'))
      .toMatch(/^4 failed, 2 warnings, \d+ passed, 3 not configured$/);
    expect(await check.outcome('raw-bytes.non-ascii')).toBe('fail');
    expect(await check.outcome('accepts.text')).toBe('pass');
    expect(await check.check('burst').count()).toBe(0);
    expect(await check.check('raw-bytes.non-ascii').innerText()).toMatch(/exact bytes|verif/i);

    // The exchange behind the failure, in place: the form body as sent, and the handler's 401.
    const exchange = await check.openExchange('raw-bytes.non-ascii');
    await expect
      .poll(() => exchange.innerText(), until('the exchange read back'))
      .toMatch(/HTTP 401/);
    const bytes = await exchange.getByLabel('Request body').innerText();
    expect(bytes).toMatch(
      /^POST http:\/\/127\.0\.0\.1:\d+\/hook\n\ndata=.+&signature=.+&signature_method=HMAC-SHA256$/,
    );
    await saveAppScreenshot(app.page, 'endpoint-check-failing');

    // …and in the Event log, in the run's session.
    const seq = Number(/^Delivery #(\d+)$/.exec((await exchange.getAttribute('aria-label'))!)![1]);
    await exchange.getByRole('button', { name: `Open #${seq} in the Event log` }).click();
    const log = new EventLogPage(app.page);
    await expect
      .poll(() => log.detailTitle().innerText(), until('the delivery opened in the Event log'))
      .toMatch(new RegExp(`^#${seq} `));
    await expect
      .poll(() => log.session.locator('option:checked').innerText(), until("the run's session"))
      .toBe(`Endpoint check ${handler.url}`);
    // The run's session is the HTML report's: every delivery it sent is in it.
    const [download] = await Promise.all([
      app.page.waitForEvent('download'),
      check.report.getByRole('button', { name: 'Export HTML report' }).click(),
    ]);
    const html = readFileSync(await download.path(), 'utf8');
    expect(html).toContain(`Endpoint check raw-bytes.non-ascii: POST ${handler.url}`);
    expect(html).not.toContain(env.CLIENT_SECRET);
    // And back to the person's own session, where their records go.
    await check.report.getByRole('button', { name: 'Back to “Default”' }).click();
    await expect
      .poll(() => log.session.locator('option:checked').innerText(), until('the Default session'))
      .toBe('Default');

    // The fix: the correct handler at the same URL, and the check again.
    const port = Number(new URL(handler.url).port);
    await handler.stop();
    handler = await startSampleHandler('correct', env, port);
    await check.open();
    await check.runButton.click();
    await expect
      .poll(() => check.changes.innerText(), until('the changes since the last run'))
      .toMatch(/: 4 fixed, 0 now failing, \d+ unchanged\.$/);
    expect(await check.outcome('raw-bytes.non-ascii')).toBe('pass');
    expect(await check.change('raw-bytes.non-ascii')).toBe('fixed');
    expect(await check.change('accepts.text')).toBe('');
    expect(await check.counts.innerText()).toMatch(/^1 warning, \d+ passed, 3 not configured$/);
    await saveAppScreenshot(app.page, 'endpoint-check-fixed');

    // A URL off this machine: the question names it, and Escape answers no (nothing is sent).
    await check.run('http://192.0.2.10:8080/hook');
    await check.remoteQuestion.waitFor(POLL);
    expect(await check.remoteQuestion.innerText()).toMatch(
      /192\.0\.2\.10:8080 is not this machine\. The check sends http:\/\/192\.0\.2\.10:8080\/hook some 35 deliveries/,
    );
    await saveAppScreenshot(app.page, 'endpoint-check-question');
    await app.page.keyboard.press('Escape');
    await check.remoteQuestion.waitFor({ state: 'detached', ...POLL });
    expect(await check.progress.count()).toBe(0);
  } finally {
    await handler.stop();
  }
});
