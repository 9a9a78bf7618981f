// Steps and checks from forms, in Chromium through the headless host: a scenario written by hand
// (a comment, a blank line, flow maps) gets a simulate step and an expect-delivery step from the
// Scenario view's Add step form, is saved and run, and passes; then Check this on a field of a
// request's answer in the Runner adds that check to the step in the file, every other line as it
// was, and the run passes again with it. The form and Check this are used from the keyboard too.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { CollectionsPage } from './pages/collections-page';
import { RunnerPage } from './pages/runner-page';
import type { Page } from 'playwright-core';
import { POLL, useAppSession } from './support/app-session';
import { engineCall } from './support/engine';
import { saveAppScreenshot } from './support/screenshot';

const session = useAppSession();
const until = (words: string) => ({ ...POLL, message: words });

const folder = mkdtempSync(join(tmpdir(), 'tp-step-forms-e2e-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const file = join(folder, 'hello.yaml');

const WRITTEN = `# Written by hand: the forms add to it.
name: Ada says hello
steps:
  - name: Ada
    connect-user: { name: Ada }
    capture: { ada: user_id }

  - name: Ada's contact
    request:
      endpoint: contact.add
      as: app-for-user
      user: '{{ada}}'
      params: { contact_id: 'bob-{{$randomInt}}', display_name: Bob, capabilities: interactive } # a new contact each run
    expect:
      status: 200
    capture: { contact: body.contact_id }
`;
writeFileSync(file, WRITTEN);

/** The failed steps of the run the engine holds, with their reasons. */
async function failures(page: Page): Promise<string[]> {
  const { run } = await engineCall(page, 'runner.state', {});
  return (run?.scenarios ?? []).flatMap((s) =>
    s.steps.filter((st) => st.state === 'failed').map((st) => `${st.name}: ${st.failure ?? ''}`),
  );
}

/** The lines of `after` that `before` does not have, in order; the test checks the rest is `before`. */
function addedLines(before: string, after: string): string[] {
  const kept = before.split('\n');
  const added: string[] = [];
  let i = 0;
  for (const line of after.split('\n')) {
    if (i < kept.length && line === kept[i]) i++;
    else added.push(line);
  }
  expect(i, 'every line of the file before is still there, in order').toBe(kept.length);
  return added;
}

describe('steps and checks from forms', () => {
  test('a simulate and an expect-delivery step from the Add step form run and pass; Check this adds a check of the answer, the rest of the file unchanged', async () => {
    const running = await session.host();
    const app = await session.openApp(running);
    await app.page.setViewportSize({ width: 1440, height: 900 });
    const collections = new CollectionsPage(app.page);
    const runner = new RunnerPage(app.page);

    await collections.openFolder(folder);
    await collections.openScenario('Ada says hello');
    // From the keyboard: Enter opens the form with its first choice focused, Escape closes it and
    // gives the focus back to Add step.
    await collections.addStepButton.focus();
    await collections.addStepButton.press('Enter');
    const kind = collections.addStepForm.getByRole('combobox', { name: 'Step kind' });
    await expect
      .poll(() => kind.evaluate((el) => el === el.ownerDocument.activeElement))
      .toBe(true);
    await kind.press('Escape');
    await collections.addStepForm.waitFor({ state: 'hidden' });
    expect(
      await collections.addStepButton.evaluate((el) => el === el.ownerDocument.activeElement),
    ).toBe(true);

    await collections.addStep('simulate', [
      ['Action', 'send-message'],
      ['User', '{{ada}}'],
      ['Contact', '{{contact}}'],
      ['Message type', 'text'],
      ['Text', 'Hello from the form'],
    ]);
    await collections.addStep('expect-delivery', [
      ['Step name', 'The text arrives'],
      ['Kind', 'message'],
      ['Message type', 'text'],
      ['User', '{{ada}}'],
      ['Text it contains', 'Hello from the form'],
      ['Timeout', '5s'],
    ]);
    await collections.steps
      .getByRole('listitem', { name: 'Step 4: The text arrives' })
      .waitFor(POLL);
    await collections.saveButton.click();
    await collections.scenario.getByText('Saved hello.yaml.').waitFor(POLL);

    const withSteps = readFileSync(file, 'utf8');
    expect(addedLines(WRITTEN, withSteps)).toEqual([
      '  - simulate:',
      '      action: send-message',
      '      user: "{{ada}}"',
      '      contact: "{{contact}}"',
      '      msg_type: text',
      '      params:',
      '        text: Hello from the form',
      '  - name: The text arrives',
      '    expect-delivery:',
      '      match:',
      '        kind: message',
      '        msg_type: text',
      '        user: "{{ada}}"',
      '        text: Hello from the form',
      '      timeout: 5s',
    ]);

    await collections.scenario.getByRole('button', { name: 'Run scenario' }).click();
    await runner.pane.waitFor(POLL);
    await expect
      .poll(() => runner.statusWords(), until('the run to end'))
      .toMatch(/^(passed|failed)$/);
    // A failure says which step and why, rather than "failed".
    expect(await failures(app.page)).toEqual([]);
    expect(await runner.statusWords()).toBe('passed');
    expect(await runner.stepState(runner.step('Ada says hello', 4, 'The text arrives'))).toBe(
      'passed',
    );

    // Check this on the contact's display name in the request step's answer.
    const contactStep = runner.step('Ada says hello', 2, "Ada's contact");
    // From the keyboard: Enter on the step's head opens its detail, Enter on Check this adds it.
    await runner.stepHead(contactStep).press('Enter');
    await runner.checkThisButton(contactStep, 'display_name').press('Enter');
    await contactStep
      .getByRole('status')
      .filter({
        hasText: 'Added the check display_name = "Bob" to step 2, Ada\'s contact, of hello.yaml',
      })
      .waitFor(POLL);
    await saveAppScreenshot(app.page, 'runner-check-this');
    const withCheck = readFileSync(file, 'utf8');
    expect(addedLines(withSteps, withCheck)).toEqual(['      body:', '        display_name: Bob']);
    expect(withCheck.indexOf('display_name: Bob\n')).toBeLessThan(
      withCheck.indexOf('capture: { contact'),
    );

    await runner.runAgainButton.click();
    await expect
      .poll(async () => {
        const text = await runner
          .checks(contactStep)
          .innerText()
          .catch(() => '');
        return /body display_name/.test(text) ? runner.statusWords() : 'not yet';
      }, until('a run with the new check, passing'))
      .toBe('passed');
  });
});
