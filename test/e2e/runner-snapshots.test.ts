// Snapshot checks in the Runner view: the first run writes the snapshot and its check reads
// "written" (the step opened to say so); a stored value that no longer matches fails the check with
// the diff as expected and actual; Update snapshots runs again storing the new value, and Run
// again after it compares and passes.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { RunView } from '../../src-shared/contract';
import { RunnerPage } from './pages/runner-page';
import { POLL, useAppSession } from './support/app-session';
import { engineCall } from './support/engine';
import { saveAppScreenshot } from './support/screenshot';

const session = useAppSession();
const until = (words: string) => ({ ...POLL, message: words });

const folder = mkdtempSync(join(tmpdir(), 'tp-runner-snapshots-e2e-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const snapshotFile = join(folder, '__snapshots__', 'token.yaml');

writeFileSync(join(folder, 'collection.yaml'), 'name: Snapshots e2e\n');
writeFileSync(
  join(folder, 'token.yaml'),
  `name: The token's answer
steps:
  - name: Get an app token
    request:
      endpoint: token
      params:
        grant_type: client_credentials
    expect:
      status: 200
      snapshot: token answer
`,
);

describe('snapshot checks in the Runner view', () => {
  test('written on the first run, a changed value failing with its diff, Update snapshots storing it', async () => {
    const running = await session.host();
    const app = await session.openApp(running);
    await app.page.setViewportSize({ width: 1440, height: 900 });
    const runner = new RunnerPage(app.page);
    await runner.open();
    const step = runner.step("The token's answer", 1, 'Get an app token');

    /** Waits for a run other than those seen to end, and answers it. */
    const seen = new Set<string>();
    const nextRunEnded = async (words: string): Promise<RunView> => {
      let ended: RunView | null = null;
      await expect
        .poll(async () => {
          const { run } = await engineCall(app.page, 'runner.state', {});
          if (!run || seen.has(run.runId) || !['passed', 'failed'].includes(run.status))
            return 'not yet';
          ended = run;
          return 'ended';
        }, until(words))
        .toBe('ended');
      seen.add(ended!.runId);
      await runner.pane.getByRole('heading', { name: ended!.name, exact: true }).waitFor(POLL);
      return ended!;
    };

    await engineCall(app.page, 'runner.start', { folder });
    expect((await nextRunEnded('the first run')).status).toBe('passed');
    // A snapshot written is news: the passed step is open and its check says written.
    await expect
      .poll(() => runner.checks(step).innerText(), until('the written check shown'))
      .toMatch(
        /written: snapshot token answer\s+snapshot "token answer" written to __snapshots__\/token\.yaml for the first time/,
      );
    expect(readFileSync(snapshotFile, 'utf8')).toContain('expires_in: 36000');

    // The value stored no longer matches what the platform answers (as after a change).
    writeFileSync(
      snapshotFile,
      readFileSync(snapshotFile, 'utf8').replace('expires_in: 36000', 'expires_in: 3600'),
    );
    await runner.runAgainButton.click();
    expect((await nextRunEnded('the run against the changed snapshot')).status).toBe('failed');
    expect(await runner.stepState(step)).toBe('failed');
    expect(await runner.checks(step).innerText()).toMatch(
      /failed: snapshot token answer\s+expected the body as stored in __snapshots__\/token\.yaml\s+actual 1 difference: expires_in: 3600 → 36000\. If the change is intended, run again with --update-snapshots \(in the Runner: Update snapshots\)\./,
    );
    await saveAppScreenshot(app.page, 'runner-snapshot-failed');

    await runner.updateSnapshotsButton.click();
    expect((await nextRunEnded('the run that updates snapshots')).status).toBe('passed');
    expect(await runner.checks(step).innerText()).toMatch(
      /written: snapshot token answer\s+snapshot "token answer" written again to __snapshots__\/token\.yaml/,
    );
    expect(readFileSync(snapshotFile, 'utf8')).toContain('expires_in: 36000');
    await saveAppScreenshot(app.page, 'runner-snapshot-updated');
    await app.page.emulateMedia({ colorScheme: 'dark' });
    await saveAppScreenshot(app.page, 'runner-snapshot-updated-dark');
    await app.page.emulateMedia({ colorScheme: 'light' });

    await runner.runAgainButton.click();
    const compared = await nextRunEnded('the run after the update, comparing');
    expect(compared.status).toBe('passed');
    const check = compared.scenarios[0]!.steps[0]!.checks.find(
      (c) => c.label === 'snapshot token answer',
    );
    expect(check).toMatchObject({ passed: true, actual: 'the same' });
    expect(check?.note).toBeUndefined();
  });
});
