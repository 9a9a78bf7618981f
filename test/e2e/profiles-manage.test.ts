// Managing profiles in the real UI: create (with per-field errors first), edit, duplicate, switch
// from the header, delete after a confirmation, export without secrets and import back; the
// sandbox profile explained and read-only; the secret storage notice and its opt-in.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ProfilesPage } from './pages/profiles-page';
import { UsersPage } from './pages/users-page';
import { POLL, useAppSession } from './support/app-session';
import { saveAppScreenshot } from './support/screenshot';

const session = useAppSession();
const SECRET = 'my-client-secret-4f9a2c7e1b';

async function openProfiles() {
  const running = await session.host();
  const app = await session.openApp(running);
  const profiles = new ProfilesPage(app.page);
  await expect.poll(() => profiles.switcher.inputValue(), POLL).toBe('sandbox');
  await profiles.open();
  return { running, app, profiles };
}

describe('profiles', () => {
  test('creates a profile (refused fields first, in words), edits, duplicates, switches and deletes it', async () => {
    const { app, profiles } = await openProfiles();
    // The sandbox profile: marked, read-only, and why.
    expect(await profiles.item('Sandbox (Acme Orders)').innerText()).toMatch(/\nsandbox\b/i);
    expect(await profiles.dialog.getByRole('note').innerText()).toMatch(
      /follow it when it changes[\s\S]*Duplicate the profile/,
    );
    expect(await profiles.field('Base URL').getAttribute('readonly')).not.toBeNull();

    await profiles.newButton.click();
    await profiles.fill({ Name: 'Staging', 'Base URL': 'not a url', 'Client id': '' });
    await profiles.button('Create profile').click();
    await profiles.fieldError('Base URL').waitFor(POLL);
    expect(await profiles.fieldError('Base URL').innerText()).toBe(
      'Base URL must be an http:// or https:// URL',
    );
    expect(await profiles.fieldError('Client id').innerText()).toBe('Client id is required');
    expect(await profiles.field('Base URL').getAttribute('aria-invalid')).toBe('true');

    await profiles.fill({
      'Base URL': 'https://staging.example.com',
      'Client id': 'staging-app',
      'Client secret': SECRET,
      'Registered scopes': 'basic user_phone',
      'Endpoint URL': 'https://hooks.example.com/tp',
    });
    await profiles.button('Create profile').click();
    await expect.poll(() => profiles.status.first().innerText(), POLL).toBe('Created Staging.');
    // Write-only: the secret field is empty again and says one is set.
    expect(await profiles.field('Client secret').inputValue()).toBe('');
    expect(await profiles.dialog.getByText('A client secret is set (never shown)').count()).toBe(1);

    await profiles.fill({ Name: 'Staging EU' });
    await profiles.button('Save profile').click();
    await expect.poll(() => profiles.status.first().innerText(), POLL).toBe('Saved Staging EU.');
    await profiles.item('Staging EU').waitFor();

    await profiles.button('Duplicate').click();
    await expect
      .poll(() => profiles.status.first().innerText(), POLL)
      .toBe('Duplicated as Staging EU copy.');
    expect(await profiles.field('Base URL').inputValue()).toBe('https://staging.example.com');

    // Switch from the header: the group shows the new profile and its base URL.
    await profiles.button('Close').click();
    await profiles.switcher.selectOption({ label: 'Staging EU' });
    await expect
      .poll(() => app.activeProfile.innerText(), POLL)
      .toContain('https://staging.example.com');
    expect(await app.activeProfile.innerText()).not.toMatch(/\bsandbox\b/);

    await profiles.open();
    await profiles.item('Staging EU copy').click();
    await profiles.button('Delete…').click();
    const confirm = profiles.dialog.getByRole('group', { name: 'Confirm deletion' });
    expect(await confirm.innerText()).toContain('cannot be undone');
    await confirm.getByRole('button', { name: 'Delete Staging EU copy' }).click();
    await expect
      .poll(() => profiles.status.first().innerText(), POLL)
      .toBe('Deleted Staging EU copy.');
    expect(await profiles.item('Staging EU copy').count()).toBe(0);
    expect(await profiles.switcher.locator('option').allInnerTexts()).toEqual([
      'Sandbox (Acme Orders)',
      'Staging EU',
    ]);
    await saveAppScreenshot(app.page, 'profiles-dialog');
  });

  test('exports profiles as JSON without secrets, and imports them back with errors in words', async () => {
    const { app, profiles } = await openProfiles();
    await profiles.newButton.click();
    await profiles.fill({
      Name: 'Exported',
      'Base URL': 'https://api.example.com',
      'Client id': 'exported-app',
      'Client secret': SECRET,
    });
    await profiles.button('Create profile').click();
    await expect.poll(() => profiles.status.first().innerText(), POLL).toBe('Created Exported.');

    const [download] = await Promise.all([
      app.page.waitForEvent('download'),
      profiles.button('Export JSON').click(),
    ]);
    expect(download.suggestedFilename()).toBe('tp-inspector-profiles.json');
    const json = readFileSync((await download.path())!, 'utf8');
    expect(json).toContain('exported-app');
    expect(json).not.toContain(SECRET);
    expect(json.toLowerCase()).not.toContain('secret');

    // Import it back, with one broken entry: the good one lands, the bad one is named with why.
    const doc = JSON.parse(json) as { profiles: Record<string, unknown>[] };
    const exported = doc.profiles.find((p) => p.clientId === 'exported-app')!;
    doc.profiles = [
      { ...exported, name: 'Imported' },
      { ...exported, name: 'Broken', baseUrl: 'ftp://nope' },
    ];
    await profiles.button('Import JSON…').click();
    const importBox = profiles.dialog.getByRole('group', { name: 'Import profiles' });
    await importBox.getByRole('textbox', { name: 'or paste the JSON' }).fill(JSON.stringify(doc));
    await importBox.getByRole('button', { name: 'Import pasted JSON' }).click();
    await profiles.item('Imported').waitFor(POLL);
    // The list follows the engine's profiles.changed; the import's outcome (the words, the
    // problems, the imported profile in the form) comes with its answer a moment later.
    await expect
      .poll(() => profiles.status.first().innerText(), POLL)
      .toBe(
        'Imported 1 profile; 1 could not be imported: see Import problems, under the import controls.',
      );
    const problems = importBox.getByRole('list', { name: 'Import problems' });
    expect(await problems.innerText()).toBe(
      'Profile 2 was not imported: baseUrl must be an http:// or https:// URL (the entry named "Broken").',
    );
    // An import never carries a secret.
    await expect
      .poll(() => profiles.dialog.getByText('No client secret is set').count(), POLL)
      .toBe(1);

    // Not an export at all: the whole import is refused in words.
    await importBox.getByRole('textbox', { name: 'or paste the JSON' }).fill('{"hello": 1}');
    await importBox.getByRole('button', { name: 'Import pasted JSON' }).click();
    await expect
      .poll(() => profiles.alert.first().innerText(), POLL)
      .toContain('not a TP Inspector profiles export');
  });

  test('says secrets are kept in memory only, and stores them in a private file after a confirmation', async () => {
    const { running, app, profiles } = await openProfiles();
    expect(await profiles.secretsNotice.innerText()).toContain('Secrets are kept in memory only.');
    await profiles.button('Close').click();

    const users = new UsersPage(app.page);
    await users.open();
    const notice = users.secretsNotice;
    expect(await notice.innerText()).toMatch(/kept in memory only[\s\S]*no OS keyring/);
    await notice.getByRole('button', { name: 'Store secrets in a file…' }).click();
    const confirm = notice.getByRole('group', { name: 'Confirm storing secrets in a file' });
    expect(await confirm.innerText()).toMatch(/without encryption[\s\S]*readable only by your/);
    await confirm.getByRole('button', { name: 'Store secrets unencrypted' }).click();
    await expect
      .poll(() => notice.innerText(), POLL)
      .toContain('Secrets are stored unencrypted in a file readable only by you.');
    expect(await app.page.getByRole('contentinfo').innerText()).toContain(
      'Secrets: unencrypted in a file only you can read',
    );

    // A secret typed now lands in that file, readable by the user alone.
    await profiles.open();
    await profiles.newButton.click();
    await profiles.fill({
      Name: 'Kept',
      'Base URL': 'https://api.example.com',
      'Client id': 'kept-app',
      'Client secret': SECRET,
    });
    await profiles.button('Create profile').click();
    await expect.poll(() => profiles.status.first().innerText(), POLL).toBe('Created Kept.');
    const file = join(running.dataDir, 'secrets.json');
    expect(readFileSync(file, 'utf8')).toContain(SECRET);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    await profiles.secretsNotice
      .getByRole('button', { name: 'Keep secrets in memory only (delete the file)' })
      .click();
    await expect
      .poll(() => profiles.secretsNotice.innerText(), POLL)
      .toContain('Secrets are kept in memory only.');
    expect(() => statSync(file)).toThrow();
  });
});
