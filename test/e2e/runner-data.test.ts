// Run with data… in the Runner, through the whole stack: after a run, the form lists the
// collection's data files (its default chosen first), and the run over one shows each scenario
// once per row, each named by its row, with the data file among the run's facts.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { RunnerPage } from './pages/runner-page';
import { POLL, useAppSession } from './support/app-session';
import { engineCall } from './support/engine';
import { saveAppScreenshot } from './support/screenshot';

const session = useAppSession();
const until = (words: string) => ({ ...POLL, message: words });

const folder = mkdtempSync(join(tmpdir(), 'tp-runner-data-e2e-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

writeFileSync(join(folder, 'collection.yaml'), 'name: Data e2e\n');
writeFileSync(
  join(folder, 'token.yaml'),
  `name: Token status
variables: { want: 200 }
steps:
  - name: App token
    request: { endpoint: token, params: { grant_type: client_credentials } }
    expect: { status: '{{want}}' }
`,
);
mkdirSync(join(folder, 'data'));
writeFileSync(join(folder, 'data', 'statuses.csv'), 'want,case\n200,ok\n401,"wrong, on purpose"\n');
writeFileSync(join(folder, 'other.json'), '[{"want": 200}]');

describe('Run with data… in the Runner', () => {
  test('runs the collection again over the rows of a data file chosen from the collection', async () => {
    const running = await session.host();
    const app = await session.openApp(running);
    await app.page.setViewportSize({ width: 1440, height: 900 });
    const runner = new RunnerPage(app.page);
    await runner.open();
    await engineCall(app.page, 'runner.start', { folder });
    await expect.poll(() => runner.statusWords(), until('the first run to pass')).toBe('passed');

    await runner.runWithDataButton.click();
    await expect
      .poll(() => runner.dataFileSelect.isVisible(), until("the collection's data files"))
      .toBe(true);
    const options = await runner.dataFileSelect.getByRole('option').allInnerTexts();
    expect(options).toEqual(['data/statuses.csv', 'other.json']);
    await saveAppScreenshot(app.page, 'runner-data-form');
    await runner.dataFileSelect.selectOption('data/statuses.csv');
    await runner.runWithFileButton.click();

    await expect
      .poll(() => runner.statusWords(), until('the run with data to fail on its second row'))
      .toBe('failed');
    const first = runner.step('Token status [1/2] want=200 case=ok', 1, 'App token');
    const second = runner.step(
      'Token status [2/2] want=401 case=wrong, on purpose',
      1,
      'App token',
    );
    expect(await runner.stepState(first)).toBe('passed');
    expect(await runner.stepState(second)).toBe('failed');
    expect(await runner.pane.innerText()).toContain('data/statuses.csv, 2 rows');
    expect(await runner.pane.innerText()).toMatch(/No step uses the column\s+case/);
    await saveAppScreenshot(app.page, 'runner-data');
    // The same run in the dark, as the OS may ask: the form and the rows must read there too.
    await app.page.emulateMedia({ colorScheme: 'dark' });
    await runner.runWithDataButton.click();
    await expect
      .poll(() => runner.dataFileSelect.isVisible(), until('the form again, in the dark'))
      .toBe(true);
    await saveAppScreenshot(app.page, 'runner-data-dark');
  });
});
