// A QA session exported as an HTML report and read as a bug report: a run whose check fails, a
// message from a sandbox user, and that message replayed edited with its old signature (so the
// receiver finds it invalid), all in one session; exported from the Event log, opened in Chromium
// at 1280x800, its first screen shows what failed (the step, the invalid signature), each
// linking to its record, and the replay's section shows the edit against the delivery. The
// report's pictures (the screen, and the first page of its PDF) are kept under test-results/, the
// screen also in docs/images/ with UPDATE_SCREENSHOTS=1.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Locator } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { EventLogPage } from './pages/event-log-page';
import { RunnerPage } from './pages/runner-page';
import { POLL, useAppSession } from './support/app-session';
import { engineCall } from './support/engine';
import { connectedSandboxUser, userSends } from './support/event-log-sandbox';
import { saveAppScreenshot, saveDocScreenshot } from './support/screenshot';

const session = useAppSession();
const until = (words: string) => ({ ...POLL, message: words });
const VALID = /(?<!in)valid$/;
const MESSAGE = 'Where is my parcel 4471?';
const EDITED = 'Where is my parcel 4472?';
const VIEWPORT = { width: 1280, height: 800 };

const folder = mkdtempSync(join(tmpdir(), 'tp-html-report-e2e-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
writeFileSync(join(folder, 'collection.yaml'), 'name: Bug report e2e\n');
writeFileSync(
  join(folder, 'token.yaml'),
  `name: Token answers 201
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

/** Whether the element is drawn whole within the first screen. */
async function onFirstScreen(element: Locator): Promise<boolean> {
  const box = await element.boundingBox();
  return box !== null && box.y >= 0 && box.y + box.height <= VIEWPORT.height;
}

describe('a session exported as an HTML report', () => {
  test('shows a failed step and an invalid signature on its first screen, and an edited replay’s edits', async () => {
    const running = await session.host();
    const app = await session.openApp(running);
    const log = new EventLogPage(app.page);
    const runner = new RunnerPage(app.page);

    // A run whose only check fails; its records are in a session of its own, opened again after.
    await runner.open();
    await engineCall(app.page, 'runner.start', { folder });
    await expect.poll(() => runner.statusWords(), until('the run to end as failed')).toBe('failed');
    await log.openSession('Bug report e2e');
    await expect
      .poll(() => log.rows('system', /Step 1 of token\.yaml/).count(), until('the run’s session'))
      .toBe(1);

    // A sandbox user's message arrives in it, valid, and is replayed edited, old signature kept.
    const user = await connectedSandboxUser(running, 'Ada');
    await userSends(running, user.id, MESSAGE);
    const delivery = log.rows('delivery', '/hooks/sandbox', VALID);
    await expect.poll(() => delivery.count(), until('the delivery row, valid')).toBe(1);
    const originalSeq = await log.openRecord(delivery);
    await log.replayButton('Edit and replay…').click();
    const editor = log.detail.getByRole('group', { name: 'Edit and replay' });
    const textarea = editor.getByRole('textbox', { name: 'Data (JSON)' });
    await textarea.fill((await textarea.inputValue()).replace(MESSAGE, EDITED));
    await editor.getByRole('radio', { name: /Keep the old signature/ }).check();
    await editor.getByRole('button', { name: 'Send edited replay' }).click();
    await expect
      .poll(() => log.replayOutcome().innerText(), until('the replay to be found invalid'))
      .toMatch(/signature invalid/);
    const replaySeq = Number(/^Replayed: #(\d+)/.exec(await log.replayOutcome().innerText())![1]);

    // Exported and opened as a file in the browser, at the size of a laptop's screen.
    const download = await log.exportSession('HTML report');
    const dir = resolve(import.meta.dirname, '../../test-results/html-report');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'report.html');
    writeFileSync(file, readFileSync(await download.path()));
    const report = await app.page.context().newPage();
    await report.setViewportSize(VIEWPORT);
    await report.goto(`file://${file}`);

    const attention = report.getByRole('region', { name: 'Needs attention' });
    const failedStep = attention.getByRole('listitem').filter({ hasText: /Step 1 of token\.yaml/ });
    const invalid = attention.getByRole('listitem').filter({ hasText: `#${replaySeq} ` });
    expect(await failedStep.innerText()).toMatch(/failed[\s\S]*201/);
    expect(await invalid.innerText()).toContain('The signature does not match');
    expect(await onFirstScreen(failedStep), 'the failed step on the first screen').toBe(true);
    expect(await onFirstScreen(invalid), 'the invalid signature on the first screen').toBe(true);
    await saveDocScreenshot(report, 'html-report');

    // Each links to its record; the replay's section shows the edit against the delivery.
    await invalid.getByRole('link', { name: `#${replaySeq}` }).click();
    await expect.poll(() => report.evaluate('location.hash'), POLL).toBe(`#r${replaySeq}`);
    const replay = report.locator(`#r${replaySeq}`);
    expect(await onFirstScreen(replay.getByRole('heading').first())).toBe(true);
    const edits = replay.getByLabel(`Edits against #${originalSeq}`);
    expect(await edits.locator('.del').innerText()).toContain(MESSAGE);
    expect(await edits.locator('.ins').innerText()).toContain(EDITED);
    expect(await replay.innerText()).toContain(`A replay of #${originalSeq}`);
    await saveAppScreenshot(report, 'html-report-replay');
    // The delivery links to its replay.
    expect(await report.locator(`#r${originalSeq}`).innerText()).toContain(
      `Replayed edited as #${replaySeq}`,
    );

    // Printed: a PDF, kept beside the page for a person to look at.
    await report.pdf({ path: join(dir, 'report.pdf'), format: 'A4' });
    await report.close();
  });
});
