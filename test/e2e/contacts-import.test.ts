// The contacts import as a person meets it: the chosen file is named, the preview names the
// owners, the rows the import refused stay listed with their reasons and come back as a CSV with
// a reason column, owners an import only recorded get "Send now", and owner entries hold one
// parenthesis at most.
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { POLL, useAppSession } from './support/app-session';
import { connectSandboxUser, ContactsPage } from './pages/contacts-page';
import { saveAppScreenshot, saveDocScreenshot } from './support/screenshot';

const session = useAppSession();

const csvLines = (userId: string) => [
  'contact_id,display_name,avatar_url,capabilities,owners',
  `order-7,Order 7 desk,,interactive,${userId}`,
  `bad id!,Broken,,,${userId}`,
];

/** The import panel on a file with one good row and one refused, previewed. */
async function previewed(page: Page, userId: string) {
  const contacts = new ContactsPage(page);
  await contacts.open();
  await contacts.chooseImportFile('orders.csv', csvLines(userId));
  await contacts.importPreview.waitFor();
  return contacts;
}

describe('the contacts import', () => {
  test('names the file and the owners, keeps the refused rows, and sends what it only recorded', async () => {
    const running = await session.host();
    const app = await session.openApp(running);
    const user = await connectSandboxUser(app.page, running);
    const contacts = await previewed(app.page, user.id);

    expect(await contacts.chosenImportFile().innerText()).toBe('orders.csv');
    // The owner by the name the engine knows, then the id: no raw id alone.
    await expect
      .poll(() => contacts.importPreview.innerText(), POLL)
      .toContain(`${user.name} ${user.surname} · ${user.id}`);
    await contacts.importPreview.scrollIntoViewIfNeeded();
    await saveAppScreenshot(app.page, 'import-preview');

    await contacts.importPanel.getByRole('checkbox', { name: /Send contact\/add/ }).uncheck();
    await contacts.importPanel.getByRole('button', { name: 'Import 1 valid row(s)' }).click();
    await expect
      .poll(() => contacts.importPanel.innerText(), POLL)
      .toMatch(/Imported 1 row\(s\); 1 row\(s\) with errors were left out/);
    // The refusal's reasons stay, and come back as a file to fix.
    const refused = contacts.importPanel.getByRole('table', { name: 'Refused rows' });
    expect(await refused.innerText()).toMatch(/Row 2: contact_id must be 1 to 64 characters/);
    const download = await contacts.downloadFromImport('Download refused rows (CSV)');
    const csv = await readFile(await download.path(), 'utf8');
    const [header, row, ...rest] = csv.trim().split(/\r?\n/);
    expect(header).toBe('contact_id,display_name,avatar_url,capabilities,owners,reason');
    expect(row).toMatch(new RegExp(`^bad id!,Broken,,,${user.id},"?Row 2: contact_id must be`));
    expect(rest).toEqual([]);

    // Recorded, not sent: one click sends it, and the entry reads without stacked brackets.
    const owners = contacts.owners('order-7');
    await expect.poll(() => owners.innerText(), POLL).toMatch(/imported, not confirmed/);
    expect(await owners.innerText()).not.toMatch(/\(.*\).*\(/);
    await contacts
      .row('order-7')
      .getByRole('button', { name: /^Send now/ })
      .click();
    await expect
      .poll(() => owners.innerText(), POLL)
      .toContain(`${user.name} ${user.surname} · ${user.id} · confirmed`);
    expect(
      await contacts
        .row('order-7')
        .getByRole('button', { name: /^Send now/ })
        .count(),
    ).toBe(0);
  });

  test('the preview at 1280x800 and 1920x1080, light and dark, for the guide', async () => {
    const running = await session.host();
    const app = await session.openApp(running);
    const user = await connectSandboxUser(app.page, running);
    const contacts = await previewed(app.page, user.id);
    await expect.poll(() => contacts.importPreview.innerText(), POLL).toContain(`· ${user.id}`);
    expect(await contacts.chosenImportFile().innerText()).toBe('orders.csv');
    for (const colorScheme of ['light', 'dark'] as const) {
      await app.page.emulateMedia({ colorScheme });
      for (const [width, height] of [
        [1280, 800],
        [1920, 1080],
      ] as const) {
        await app.page.setViewportSize({ width, height });
        await contacts.importPreview.scrollIntoViewIfNeeded();
        await saveDocScreenshot(app.page, `import-preview-${width}-${colorScheme}`);
      }
    }
  });
});
