// The Runner view in the built app over a real host, fed the runner's own event (runner.changed)
// with a finished run whose steps name real journal records: states in words, checks as expected
// and actual, a file's problems, a Record link opening the record in the Event log, the step list
// by keyboard, the confirmation alert and a refused answer in words. Screenshots at 1440x900 in
// both themes. The run itself, end to end through the engine, is runner-run.test.ts.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { RunView } from '../../src-shared/contract';
import { awaitingRun, finishedRun } from '../helpers/run-view-fixture';
import { EventLogPage } from './pages/event-log-page';
import { RunnerPage } from './pages/runner-page';
import { POLL, useAppSession } from './support/app-session';
import { engineCall } from './support/engine';
import { tapEngine, type EngineTap } from './support/engine-tap';
import { saveAppScreenshot } from './support/screenshot';

const session = useAppSession();
const until = (words: string) => ({ ...POLL, message: words });

async function openWithRun(colorScheme: 'light' | 'dark' = 'light') {
  const running = await session.host();
  let tap: EngineTap | undefined;
  const app = await session.openApp(running, {
    colorScheme,
    beforeOpen: async (page) => {
      tap = await tapEngine(page);
    },
  });
  await app.page.setViewportSize({ width: 1440, height: 900 });
  await app.getAppToken();
  const { rows } = await engineCall(app.page, 'log.query', { filter: {}, limit: 3 });
  // The token call first: it is what the fixture's "Get an app token" step links to.
  const seqs = [...rows]
    .sort((x, y) => Number(y.kind === 'api') - Number(x.kind === 'api'))
    .map((r) => r.seq);
  expect(seqs.length, 'the app token call journaled at least one record').toBeGreaterThan(0);
  const [a, b = a, c = b] = seqs as [number, ...number[]];
  const runner = new RunnerPage(app.page);
  const run = finishedRun([a, b, c]);
  tap!.push('runner.changed', run);
  await runner.open();
  await expect
    .poll(() => runner.statusWords(), until('the pushed run shown as failed'))
    .toBe('failed');
  return { app, page: app.page, tap: tap!, runner, run, seqs: [a, b, c] as const };
}

async function focusedText(page: Page): Promise<string> {
  return String(await page.evaluate('document.activeElement?.textContent ?? ""'));
}

describe('the Runner view', () => {
  test('shows a finished run in words, and a Record link opens its record in the Event log', async () => {
    const { page, runner, seqs } = await openWithRun();
    expect(await runner.pane.innerText()).toContain('4 passed · 2 failed · 1 skipped of 7 steps');

    const token = runner.step('App token', 1, 'Get an app token');
    expect(await runner.stepState(token)).toBe('passed');
    // A passed step's checks are folded; its head unfolds them.
    expect(await runner.checks(token).isVisible()).toBe(false);
    await runner.stepHead(token).click();
    expect(await runner.checks(token).innerText()).toMatch(
      /passed: status\s+expected 200\s+actual 200/,
    );

    const signed = runner.step(
      'A text reaches the app as a verified delivery',
      2,
      'The delivery is signed',
    );
    expect(await runner.stepState(signed)).toBe('failed');
    expect(await signed.innerText()).toContain('its signature did not verify');
    expect(await runner.checks(signed).innerText()).toMatch(
      /failed: signature\s+expected valid\s+actual invalid \(sha1 expected sha256\)/,
    );
    const skipped = runner.step(
      'A text reaches the app as a verified delivery',
      3,
      'Remove the contact',
    );
    expect(await runner.stepState(skipped)).toBe('skipped');
    expect(await runner.scenario('broken').innerText()).toContain(
      'groups/broken.yaml:7: request: endpoint "group.join" is not in the catalog',
    );

    const log = new EventLogPage(page);
    await runner.recordLink(token, seqs[0]).click();
    await log
      .detailTitle()
      .filter({ hasText: new RegExp(`^#${seqs[0]} `) })
      .waitFor(POLL);

    await saveAppScreenshot(page, 'runner-finished-light');
  });

  test('moves between steps with the arrows; Escape stops nothing', async () => {
    const { page, runner } = await openWithRun('dark');
    await saveAppScreenshot(page, 'runner-finished-dark');

    // The first failed step is the list's tab stop.
    const signed = runner.step(
      'A text reaches the app as a verified delivery',
      2,
      'The delivery is signed',
    );
    await runner.stepHead(signed).focus();
    await page.keyboard.press('ArrowDown');
    expect(await focusedText(page)).toContain('3. Remove the contact');
    await page.keyboard.press('Home');
    expect(await focusedText(page)).toContain('1. Get an app token');
    await page.keyboard.press('End');
    expect(await focusedText(page)).toContain('4. Disconnect Ada');

    await page.keyboard.press('Escape');
    expect(await runner.statusWords()).toBe('failed');
    expect(await runner.error().count()).toBe(0);
  });

  test('asks before a run against another profile, and says why an answer was refused', async () => {
    const { runner, tap } = await openWithRun();
    const asking: RunView = awaitingRun();
    tap.push('runner.changed', asking);
    await runner.confirmation.waitFor(POLL);
    expect(await runner.statusWords()).toBe('awaiting confirmation');
    expect(await runner.confirmation.innerText()).toContain(asking.question!);
    expect(
      await runner.confirmation.getByRole('button', { name: 'Run against staging' }).count(),
    ).toBe(1);
    expect(await runner.stopButton.isVisible()).toBe(true);

    // The engine knows no such run: its refusal is said, in words, in the view.
    tap.failWith('runner.confirm', {
      code: 'not_found',
      message: 'There is no run run-2 any more: start it again.',
    });
    await runner.cancelButton.click();
    await expect
      .poll(() => runner.error().innerText(), until('the refused answer in words'))
      .toBe('The run could not be cancelled: There is no run run-2 any more: start it again.');
  });
});
