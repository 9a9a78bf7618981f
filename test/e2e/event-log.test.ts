// The event log region: a long list stays usable from the keyboard, and the journal on disk brings
// earlier records back after the host restarts.
import { describe, expect, test } from 'vitest';
import { EventLogPage } from './pages/event-log-page';
import { POLL, useAppSession } from './support/app-session';
import { freshDataDir } from './support/host';
import { writeSystemJournal } from './support/journal-fixture';

const session = useAppSession();

describe('the event log', () => {
  test('the record list stays keyboard-navigable when it is longer than the pane', async () => {
    const running = await session.host();
    const app = await session.openApp(running);
    for (let i = 0; i < 20; i++) await app.getAppToken();
    const rows = app.records.getByRole('option');
    // The start-up record, then two per grant (its call and its auth record): more rows than fit,
    // so only some are in the DOM. All of them, so that the count does not move under the checks
    // below (the last grant's auth record can land a moment after its call: failed once in CI).
    const total = 1 + 20 * 2;
    await expect.poll(() => app.recordCount(), POLL).toBe(total);
    // The count is repainted a few times a second (EventLog.tsx): it may come a moment after.
    await expect.poll(() => app.eventLog.innerText(), POLL).toContain(`${total} records`);
    expect(await rows.count()).toBeLessThan(total);

    await app.records.focus();
    await app.page.keyboard.press('End');
    await expect.poll(async () => (await app.activeRecord())?.position, POLL).toBe(String(total));
    await app.page.keyboard.press('Home');
    await app.page.keyboard.press('ArrowDown');
    // Enter opens the row only once it is fetched: back from the end, it may still be on its way.
    await expect
      .poll(async () => (await app.activeRecord())?.position, {
        ...POLL,
        message: 'the second row fetched and active',
      })
      .toBe('2');
    await app.page.keyboard.press('Enter');
    const selected = rows.and(app.records.getByRole('option', { selected: true }));
    expect(await selected.getAttribute('aria-posinset')).toBe('2');
    expect(await selected.getAttribute('id')).toBe(await app.activeRecordId());
    // The detail pane shows the record that was selected (its title starts with the seq).
    const seq = (await selected.innerText()).trim().split(/\s+/)[0];
    await expect
      .poll(() => app.recordDetail.getByRole('heading', { level: 3 }).innerText(), POLL)
      .toMatch(new RegExp(`^#${seq} `));
  });

  test('records arriving at the end change the rows drawn in place: no row element added, removed or moved', async () => {
    const app = await session.openApp(await session.host());
    const log = new EventLogPage(app.page);
    for (let i = 0; i < 20; i++) await app.getAppToken();
    const before = 1 + 20 * 2;
    await expect.poll(() => app.recordCount(), POLL).toBe(before);
    await expect.poll(async () => (await log.drawnPositions()).at(-1), POLL).toBe(before);

    // Following the end, each batch scrolls rows out and new ones in: the new ones take the
    // elements of those that left, where they are (bench:live: moving them cost a style and layout
    // of their whole subtree, every batch).
    await log.watchRowElements();
    for (let i = 0; i < 3; i++) await app.getAppToken();
    const after = before + 3 * 2;
    await expect.poll(async () => (await log.drawnPositions()).at(-1), POLL).toBe(after);
    const seqs = await log.drawnSeqs();
    expect(seqs.at(-1)).toBe(after);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(await log.rowElementChanges()).toBe(0);
  });

  test('after a restart on the same data directory the log still shows the earlier call', async () => {
    const dataDir = freshDataDir();
    const first = await session.host(dataDir);
    const before = await session.openApp(first);
    await before.sendWithShortcut();
    await expect.poll(() => before.recordRows('POST', '/tp/token', '200').count(), POLL).toBe(1);

    await first.stop();
    // The open window notices and says so instead of pretending to work.
    await expect.poll(() => before.engineStatus.innerText(), POLL).toMatch(/disconnected/);
    expect(await before.connectionBanner.innerText()).toMatch(/reconnecting/);

    const second = await session.host(dataDir);
    const after = await session.openApp(second);
    await expect.poll(() => after.recordRows('POST', '/tp/token', '200').count(), POLL).toBe(1);
  });

  test('a long journal is reachable whole: no paging, Home goes to its first record', async () => {
    const dataDir = freshDataDir();
    writeSystemJournal(dataDir, 700);
    const app = await session.openApp(await session.host(dataDir));

    // The engine counts every record (the 700 and its own start-up records); the list is virtual,
    // so nothing needs loading page by page by hand.
    await expect.poll(() => app.recordCount(), POLL).toBeGreaterThan(700);
    expect(await app.loadEarlierButton.count()).toBe(0);

    await app.records.focus();
    await app.page.keyboard.press('Home');
    await expect
      .poll(async () => (await app.activeRecord())?.text, POLL)
      .toMatch(/^1\s[\s\S]*Fixture record 1$/);
  });
});
