// A run through the whole stack: a collection written to a temp folder, runner.start on the
// engine behind the page, the Runner view following runner.changed until the run ends, a passed
// step linking to its journal record (the Event log opens it) and a failed check read as expected
// and actual; then Run again from the view starts a new run of the same collection, and Run this
// step runs one step alone.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { EventLogPage } from './pages/event-log-page';
import { RunnerPage } from './pages/runner-page';
import { POLL, useAppSession } from './support/app-session';
import { engineCall } from './support/engine';
import { saveAppScreenshot } from './support/screenshot';

const session = useAppSession();
const until = (words: string) => ({ ...POLL, message: words });

const folder = mkdtempSync(join(tmpdir(), 'tp-runner-e2e-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

writeFileSync(join(folder, 'collection.yaml'), 'name: Runner e2e\norder: [pass.yaml, fail.yaml]\n');
writeFileSync(
  join(folder, 'pass.yaml'),
  `name: App token
steps:
  - name: Get an app token
    request:
      endpoint: token
      params:
        grant_type: client_credentials
    expect:
      status: 200
      body:
        access_token:
          exists: true
`,
);
writeFileSync(
  join(folder, 'fail.yaml'),
  `name: A check that fails
steps:
  - name: Expect a 201
    request:
      endpoint: token
      params:
        grant_type: client_credentials
    expect:
      status: 201
`,
);

describe('a run in the Runner view', () => {
  test('follows the run to its end, links a step to its record, says a failed check, runs again, and runs one step', async () => {
    const running = await session.host();
    const app = await session.openApp(running);
    await app.page.setViewportSize({ width: 1440, height: 900 });
    const runner = new RunnerPage(app.page);
    await runner.open();
    expect(await runner.pane.innerText()).toContain('No run yet.');

    const started = await engineCall(app.page, 'runner.start', { folder });
    await expect
      .poll(() => runner.statusWords(), until('the run to end as failed (one check fails)'))
      .toBe('failed');

    const token = runner.step('App token', 1, 'Get an app token');
    expect(await runner.stepState(token)).toBe('passed');
    const failing = runner.step('A check that fails', 1, 'Expect a 201');
    expect(await runner.stepState(failing)).toBe('failed');
    expect(await runner.checks(failing).innerText()).toMatch(
      /status\s+expected \D*201\D*\s+actual \D*200/,
    );

    const [seq] = await runner.recordSeqs(token);
    expect(seq, 'the passed step links to at least one record').toBeGreaterThan(0);
    await runner.recordLink(token, seq!).click();
    // The run's session ended with the run; its Record link opens it again to show the record.
    await expect
      .poll(
        async () => (await engineCall(app.page, 'sessions.list', {})).activeId,
        until('the run’s session to be open'),
      )
      .toBe(started.sessionId);
    const log = new EventLogPage(app.page);
    await log
      .detailTitle()
      .filter({ hasText: new RegExp(`^#${seq} `) })
      .waitFor(POLL);
    await saveAppScreenshot(app.page, 'runner-run-finished');

    // A run is named with its start time to the second, and the view heads it with that name: a
    // second run begun a second after the first has a name of its own to wait for, since its
    // status ends as the first's did.
    const gap = Date.parse(started.startedAt) + 1000 - Date.now();
    if (gap > 0) await new Promise((resolve) => setTimeout(resolve, gap));
    await runner.runAgainButton.click();
    let second = '';
    await expect
      .poll(async () => {
        const { run } = await engineCall(app.page, 'runner.state', {});
        if (!run || run.runId === started.runId || !['passed', 'failed'].includes(run.status)) {
          return 'not yet';
        }
        second = run.name;
        return run.status;
      }, until('a second run of the collection, ended'))
      .toBe('failed');
    expect(second, 'the second run has a name of its own').not.toBe(started.name);
    await runner.pane.getByRole('heading', { name: second, exact: true }).waitFor(POLL);
    await expect
      .poll(() => runner.statusWords(), until('the second run shown as failed'))
      .toBe('failed');

    // One step alone: the passing scenario's, so this run passes.
    await runner.runStepButton(runner.step('App token', 1, 'Get an app token')).click();
    await expect
      .poll(() => runner.statusWords(), until('the one-step run shown as passed'))
      .toBe('passed');
    const { run } = await engineCall(app.page, 'runner.state', {});
    expect(run?.scenarios.map((s) => s.path)).toEqual(['pass.yaml']);
  });
});
