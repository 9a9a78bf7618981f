// The user's guide's pictures of the tool tabs and of the window, taken by `npm run docs:screens`
// (scripts/docs-screens.mjs runs this file with UPDATE_SCREENSHOTS=1; the e2e project does not,
// as it checks nothing the tests do not). The window at 1920x1080, dark, with the first step done;
// then, after the four first steps and a contact added, each tool tab at 1280x800 and 1920x1080,
// light and dark, with the delivery open in the record detail. And the Scenario view's step editor
// (the Add step form open on a simulate step) at 1280x800, light and dark.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { CollectionsPage } from './pages/collections-page';
import { ContactsPage } from './pages/contacts-page';
import { EventLogPage } from './pages/event-log-page';
import { FirstRunPage } from './pages/first-run-page';
import { InboundPage } from './pages/inbound-page';
import { SimulatorPage } from './pages/simulator-page';
import { UsersPage } from './pages/users-page';
import { POLL, useAppSession } from './support/app-session';
import { saveDocScreenshot } from './support/screenshot';

const session = useAppSession();
const until = (words: string) => ({ ...POLL, message: words });
const EXAMPLES = resolve(import.meta.dirname, '../../examples');
const SIZES = [
  [1280, 800],
  [1920, 1080],
] as const;

/** Each tool tab by the name its picture has, and how to show it with what it holds drawn. */
const TABS: [string, (page: Page) => Promise<void>][] = [
  ['contacts', (page) => new ContactsPage(page).open()],
  ['users', (page) => new UsersPage(page).open()],
  ['inbound', (page) => new InboundPage(page).open()],
  ['collections', (page) => new CollectionsPage(page).show()],
  ['simulator', (page) => new SimulatorPage(page).open()],
];

test('the window, and each tool tab after the first steps', async () => {
  // Any free port for the receiver, from --inbound-port, so that the Inbound tab says the same
  // whether 5875 is free on this machine or not.
  const running = await session.host(undefined, { inboundPort: 0 });
  const app = await session.openApp(running);
  const page = app.page;
  const firstRun = new FirstRunPage(page);
  const log = new EventLogPage(page);
  await firstRun.panel.waitFor(POLL);
  await firstRun.take('Get the app token');

  // The columns at their default widths: the tools take a quarter of the window.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 1920, height: 1080 });
  await new SimulatorPage(page).open();
  await saveDocScreenshot(page, 'layout-1920-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });

  await firstRun.take('Connect a sandbox user');
  await firstRun.take('Send a message');
  await firstRun.seeTheDelivery();
  await expect
    .poll(() => log.detailTitle().innerText(), until('the delivery in the detail'))
    .toMatch(/^#\d+ Delivery/);

  // "Connect a sandbox user" connected the sandbox's first user (none was connected before).
  const state = (await (await fetch(`${running.ready.sandbox}/_sandbox/state`)).json()) as {
    users: { id: string }[];
  };
  const contacts = new ContactsPage(page);
  await contacts.open();
  await contacts.add({
    contactId: 'order-bot',
    displayName: 'Order Bot',
    capabilities: ['interactive', 'group_add'],
    owners: [state.users[0]!.id],
  });
  await expect
    .poll(() => contacts.owners('order-bot').innerText(), until('order-bot added, confirmed'))
    .toMatch(/confirmed/);
  await new CollectionsPage(page).openFolder(EXAMPLES);

  // The small window first: grown, the record list shows every row; shrunk again, it would show
  // the first ones, without the delivery selected.
  for (const [width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      for (const [name, show] of TABS) {
        await show(page);
        await saveDocScreenshot(page, `tabs/${name}-${width}-${colorScheme}`);
      }
    }
  }
});

test('the step editor: the Add step form open on a simulate step', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'tp-step-editor-'));
  try {
    writeFileSync(
      join(folder, 'hello.yaml'),
      [
        'name: Ada says hello',
        'steps:',
        '  - name: Ada',
        '    connect-user: { name: Ada }',
        '    capture: { ada: user_id }',
        "  - name: Ada's contact",
        '    request:',
        '      endpoint: contact.add',
        '      as: app-for-user',
        "      user: '{{ada}}'",
        '      params: { contact_id: bob, display_name: Bob, capabilities: interactive }',
        '',
      ].join('\n'),
    );
    const running = await session.host(undefined, { inboundPort: 0 });
    const page = (await session.openApp(running)).page;
    await page.setViewportSize({ width: 1280, height: 800 });
    const collections = new CollectionsPage(page);
    await collections.openFolder(folder);
    await collections.openScenario('Ada says hello');
    await collections.addStepButton.click();
    const form = collections.addStepForm;
    await form.getByRole('combobox', { name: 'Step kind' }).selectOption('simulate');
    await form.getByLabel('Step name', { exact: true }).fill('Ada writes');
    await form.getByLabel('Action', { exact: true }).selectOption('send-message');
    await form.getByLabel('User', { exact: true }).fill('{{ada}}');
    await form.getByLabel('Contact', { exact: true }).fill('bob');
    await form.getByLabel('Message type', { exact: true }).selectOption('text');
    await form.getByLabel('Text', { exact: true }).fill('Hello');
    await form.getByRole('button', { name: 'Add the step' }).scrollIntoViewIfNeeded();
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await saveDocScreenshot(page, `step-editor-${colorScheme}`);
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
