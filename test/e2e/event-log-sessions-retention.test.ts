// Retention of sessions through the UI: Sessions… shows each session's records and size and the
// data folder's; a session is archived, then opened read-only ("archived, read-only", what arrives
// meanwhile goes to the session that was open and is not shown), then unarchived, and deleted
// after asking.
import { describe, expect, test } from 'vitest';
import { EventLogPage } from './pages/event-log-page';
import { POLL, useAppSession } from './support/app-session';
import { saveAppScreenshot } from './support/screenshot';

const session = useAppSession();
const poll = (message: string) => ({ ...POLL, message });

describe('sessions: archive and delete', () => {
  test('a session archived opens read-only; another is deleted after confirming', async () => {
    const app = await session.openApp(await session.host());
    const log = new EventLogPage(app.page);

    await log.startSession('Run to archive');
    await expect.poll(() => log.shown(), poll('the new session to show no record')).toBe(0);
    await app.getAppToken();
    // The grant's call and its auth record.
    await expect.poll(() => log.shown(), poll('the grant to show in the new session')).toBe(2);
    await log.startSession('Current run');
    await expect.poll(() => log.shown(), poll('"Current run" to be open')).toBe(0);

    await log.manageSessions.click();
    await expect
      .poll(() => log.sessionsPanel.innerText(), poll('the data folder size in Sessions…'))
      .toMatch(/Data folder: \d+(\.\d)? (B|KiB|MiB) on disk/);
    const toArchive = log.sessionRow('Run to archive');
    // The panel reads the counts and sizes again when it opens.
    await expect
      .poll(() => toArchive.innerText(), poll('"Run to archive" counted in Sessions…'))
      .toMatch(/2 records · \d+(\.\d)? (B|KiB)/);
    expect(await log.sessionRow('Current run').innerText()).toMatch(
      /Open: to archive or delete it, open another session first/,
    );
    await toArchive.getByRole('button', { name: 'Archive Run to archive' }).click();
    await expect
      .poll(() => toArchive.innerText(), poll('"Run to archive" to say it is archived'))
      .toMatch(/2 records · .* · archived/);
    await saveAppScreenshot(app.page, 'sessions-retention');
    await log.sessionsPanel.getByRole('button', { name: 'Close' }).click();

    await log.openSession('Run to archive');
    await expect
      .poll(() => log.readOnly.count(), poll('"archived, read-only" beside the Session list'))
      .toBe(1);
    await expect.poll(() => log.shown(), poll('the archived records to show')).toBe(2);
    expect(await log.rows('/tp/token').count()).toBe(1);
    await saveAppScreenshot(app.page, 'sessions-archived-open');
    // A grant now is journaled in "Current run", not in the archive shown.
    await app.getAppToken();
    await log.manageSessions.click();
    await expect
      .poll(
        () => log.sessionRow('Current run').innerText(),
        poll('the grant to be counted in "Current run"'),
      )
      .toMatch(/2 records .* new records go here/);
    // The count is repainted a few times a second (EventLog.tsx): it may come a moment after.
    await expect.poll(() => log.shown(), poll('the count of the session')).toBe(2);
    await log.sessionsPanel.getByRole('button', { name: 'Close' }).click();

    await log.openSession('Current run');
    await expect.poll(() => log.readOnly.count(), poll('the read-only mark to go')).toBe(0);
    await expect.poll(() => log.shown(), poll('"Current run" to show its grant')).toBe(2);
    await log.manageSessions.click();
    const archived = log.sessionRow('Run to archive');
    const unarchive = archived.getByRole('button', { name: 'Unarchive Run to archive' });
    const archive = archived.getByRole('button', { name: 'Archive Run to archive', exact: true });
    await unarchive.waitFor(); // the panel is drawn, with the archived session's actions
    expect(await archive.count(), 'an archived session offers no Archive').toBe(0);
    await unarchive.click();
    await expect
      .poll(() => archive.count(), poll('"Run to archive" unarchived, to offer Archive again'))
      .toBe(1);
    expect(await archived.innerText()).not.toMatch(/ · archived/);
    await archived.getByRole('button', { name: 'Delete Run to archive…' }).click();
    const confirm = log.sessionRow('Run to archive').getByRole('group', { name: 'Confirm delete' });
    expect(await confirm.innerText()).toMatch(
      /Delete “Run to archive” and its 2 records\? This cannot be undone\./,
    );
    await confirm.getByRole('button', { name: 'Delete for good' }).click();
    await expect
      .poll(() => log.sessionRow('Run to archive').count(), poll('"Run to archive" to be deleted'))
      .toBe(0);
    expect(await log.session.getByRole('option').allInnerTexts()).not.toContain(
      expect.stringMatching(/Run to archive/),
    );
  });
});
