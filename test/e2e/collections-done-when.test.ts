// The "Done when", in Chromium through the headless host, as a tester does it: a sandbox
// user connected in the Simulator; three requests sent from the composer (Ada's contact, a text to
// her, her resources); saved from History into a new collection (a new file, then two steps added
// to it), which writes Ada as {{user_id}} with a connect-user step first, so the file stands on its
// own; turned into a scenario with a delivery expectation in the Scenario view (she writes; the
// delivery must be signed with {{signature_method}}, HMAC-SHA256 by the scenario's own default); run in the Runner, passing,
// its delivery step linking to the record the Event log opens; then, with the sandbox app's
// signature method changed to HMAC-SHA1 in the Simulator, run again and failing with the reason;
// and the same file run by `node out/main/tp.js run` on its own fresh sandbox with
// --var signature_method=HMAC-SHA1: exit 1, and a JUnit file with the failure's words.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { CollectionsPage } from './pages/collections-page';
import { ComposerPage } from './pages/composer-page';
import { EventLogPage } from './pages/event-log-page';
import { RunnerPage } from './pages/runner-page';
import { SimulatorPage } from './pages/simulator-page';
import { POLL, useAppSession } from './support/app-session';

const session = useAppSession();
const until = (words: string) => ({ ...POLL, message: words });
const TP = resolve(import.meta.dirname, '../../out/main/tp.js');

const root = mkdtempSync(join(tmpdir(), 'tp-done-when-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const ADA = 'Ada Tester';
const DESK = 'ada-desk';
const SCENARIO = 'Ada and her desk';
const WRITES = 'Is the desk open on Sunday?';

/**
 * What the tester types into the YAML of the saved steps: the saving already wrote Ada as
 * {{user_id}}, connected by its first step, so the file runs on any sandbox; she writes to the
 * desk, and the delivery must carry the signature method the scenario expects.
 */
function scenarioOf(saved: string): string {
  const steps = saved.slice(saved.indexOf('steps:\n') + 'steps:\n'.length);
  return [
    `name: ${SCENARIO}`,
    'variables:',
    '  signature_method: HMAC-SHA256',
    'steps:',
    steps.trimEnd(),
    '  - name: Ada writes to the desk',
    '    simulate:',
    '      action: send-message',
    "      user: '{{user_id}}'",
    `      contact: ${DESK}`,
    '      msg_type: text',
    `      params: { text: ${WRITES} }`,
    '  - name: The message arrives, signed',
    '    expect-delivery:',
    `      match: { kind: message, msg_type: text, user: '{{user_id}}', text: ${WRITES} }`,
    "      signature_method: '{{signature_method}}'",
    '',
  ].join('\n');
}

function runCli(args: string[]): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [TP, ...args], {
    env: { ...process.env, NO_COLOR: '1' },
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  child.stdout.resume();
  return new Promise((done) => child.on('close', (code) => done({ code, stderr })));
}

describe('Done when: a QA session saved, run in the app and on the command line', () => {
  test('three requests from History become a scenario with a delivery expectation that passes, fails on a changed signature method, and fails the same way in the CLI', async () => {
    const running = await session.host();
    const app = await session.openApp(running);
    await app.page.setViewportSize({ width: 1440, height: 900 });
    const sim = new SimulatorPage(app.page);
    const composer = new ComposerPage(app.page);
    const collections = new CollectionsPage(app.page);
    const runner = new RunnerPage(app.page);
    const log = new EventLogPage(app.page);

    // A sandbox user, connected to the app at its directory URL.
    await sim.open();
    const adaId = await sim.addUser('Ada', 'Tester');
    await sim.connectAtDirectory(ADA);

    // A new, empty collection.
    const folder = join(root, 'ada-checks');
    await collections.openFolder(folder, true);

    // Three requests from the composer, each as Ada.
    const sent: number[] = [];
    const send = async (endpoint: string, params: Record<string, string>) => {
      await app.page.getByRole('tab', { name: 'Composer', exact: true }).click();
      await composer.chooseEndpoint(endpoint);
      await composer.tab('Request').click();
      await expect
        .poll(() => composer.actAs("User's token").isEnabled(), until(`"User's token" offered`))
        .toBe(true);
      await composer.actAsUser("User's token", ADA);
      for (const [name, value] of Object.entries(params)) await composer.set(name, value);
      const before = await composer.lastCall();
      await composer.sendButton.click();
      await expect
        .poll(() => composer.lastCall(), until(`the ${endpoint} call answered`))
        .not.toBe(before);
      expect(await composer.responseValue('Status').innerText()).toBe('200');
      sent.push(Number(/^#(\d+) /.exec((await composer.lastCall()) ?? '')?.[1]));
    };
    await send('contact.add', {
      contact_id: DESK,
      display_name: 'Ada desk',
      capabilities: 'interactive',
    });
    await send('message.send', {
      contact_id: DESK,
      resource_id: adaId,
      msg_type: 'text',
      text: 'The desk is open',
    });
    await send('resource.list', {});

    // Saved from History: the first as a new file, the next two as steps added to it.
    const stepNames = ["Ada's desk", 'A text to Ada', "Ada's resources"];
    await composer.tab('History').click();
    for (const [i, seq] of sent.entries()) {
      await composer
        .historyRow(new RegExp(`#${seq} `))
        .getByRole('button', {
          name: `Save #${seq} to collection`,
        })
        .click();
      const dialog = collections.saveDialog;
      await dialog.waitFor(POLL);
      expect(await dialog.getByRole('combobox', { name: 'Collection folder' }).inputValue()).toBe(
        folder,
      );
      if (i === 0) {
        await dialog.getByRole('textbox', { name: 'File name' }).fill('ada-desk');
      } else {
        await dialog.getByRole('radio', { name: 'A step added to a scenario' }).check();
        // The scenario the last request went into is the one offered.
        expect(await dialog.getByRole('combobox', { name: 'Scenario' }).inputValue()).toBe(
          'ada-desk.yaml',
        );
      }
      await dialog.getByRole('textbox', { name: 'Step name (optional)' }).fill(stepNames[i]!);
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      await dialog.getByRole('status').getByText('Saved to ada-desk.yaml').waitFor(POLL);
      await dialog.getByRole('button', { name: 'Close' }).click();
    }
    const savedText = readFileSync(join(folder, 'ada-desk.yaml'), 'utf8');
    expect(savedText.match(/endpoint: /g)).toHaveLength(3);
    // Ada exists only on this sandbox: the file names her {{user_id}} and connects her first, once.
    expect(savedText).not.toContain(adaId);
    expect(savedText.match(/connect-user:/g)).toHaveLength(1);

    // The Scenario view: the tester turns the three steps into a scenario of their own.
    await collections.show();
    await collections.openScenario("Ada's desk");
    await collections.yaml.fill(scenarioOf(await collections.yaml.inputValue()));
    await collections.saveWithShortcut();
    await expect
      .poll(() => readFileSync(join(folder, 'ada-desk.yaml'), 'utf8'), until('the edit saved'))
      .toContain('expect-delivery');
    await expect
      .poll(() => collections.steps.getByRole('listitem').count(), until('six steps listed'))
      .toBe(6);

    // Run: every step passes; the delivery step links to the record the Event log opens.
    await collections.scenario.getByRole('button', { name: 'Run scenario' }).click();
    await runner.pane.waitFor(POLL);
    await expect
      .poll(() => runner.statusWords(), until('the first run to end as passed'))
      .toBe('passed');
    const delivery = runner.step(SCENARIO, 6, 'The message arrives, signed');
    expect(await runner.stepState(delivery)).toBe('passed');
    const [seq] = await runner.recordSeqs(delivery);
    expect(seq, 'the delivery step links to its record').toBeGreaterThan(0);
    await runner.recordLink(delivery, seq!).click();
    await log
      .detailTitle()
      .filter({ hasText: new RegExp(`^#${seq} `) })
      .waitFor(POLL);
    expect(await log.detailValue('Signature', 'Method').innerText()).toBe('HMAC-SHA256');

    // The sandbox app now signs with HMAC-SHA1: the same scenario fails, and says why.
    await sim.open();
    await sim.expand('App registration');
    await sim.registration
      .getByRole('combobox', { name: 'Signature method' })
      .selectOption('HMAC-SHA1');
    await sim.registration.getByRole('button', { name: 'Save registration' }).click();
    await sim.said('App registration', /^Changed the app registration: signature_method\./);
    await runner.open();
    await runner.runAgainButton.click();
    await expect
      .poll(() => runner.statusWords(), until('the second run to end as failed'))
      .toBe('failed');
    expect(await runner.stepState(delivery)).toBe('failed');
    expect(await runner.checks(delivery).innerText()).toMatch(
      /signature_method\s+expected\s+HMAC-SHA256\s+actual\s+HMAC-SHA1/,
    );

    // The same file on the command line, on its own fresh sandbox, expecting HMAC-SHA1 there
    // (which signs with HMAC-SHA256): exit 1, and the JUnit report says the same.
    expect(existsSync(TP), `${TP} is missing: run npm run build first`).toBe(true);
    const junit = join(root, 'junit.xml');
    const cli = await runCli([
      'run',
      folder,
      '--reporter',
      'junit',
      '--out',
      junit,
      '--var',
      'signature_method=HMAC-SHA1',
    ]);
    expect(cli.code, `tp run exit code (stderr: ${cli.stderr})`).toBe(1);
    const report = readFileSync(junit, 'utf8');
    expect(report).toMatch(/<testsuite [^>]*failures="1"/);
    expect(report).toContain('signature_method: expected HMAC-SHA1, got HMAC-SHA256');
  });
});
