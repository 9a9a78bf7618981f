// The event log's Pause and Clear view, and the list scrolled back: while paused or scrolled back
// the list keeps its rows and counts what arrives ("N new records — jump to latest"), the jump
// shows them and follows again; Clear view starts the view afresh (the journal keeps everything)
// and closes the record that was open.
import { describe, expect, test } from 'vitest';
import { EventLogPage } from './pages/event-log-page';
import { POLL, useAppSession } from './support/app-session';

const session = useAppSession();

describe('the event log view', () => {
  test('pause counts new records without moving the list; the jump shows them; Clear view starts afresh', async () => {
    const app = await session.openApp(await session.host());
    const log = new EventLogPage(app.page);
    await app.getAppToken();
    // The start-up record, the grant's call and its auth record.
    await expect.poll(() => log.shown(), POLL).toBeGreaterThanOrEqual(3);

    await log.pause.click();
    await expect.poll(() => log.pause.innerText(), POLL).toBe('Resume');
    // Read once paused: a record landing before the pause took hold is among those shown.
    const before = await log.shown();
    await app.getAppToken();
    // A grant is two records, its call and its auth record: both counted, neither shown.
    await expect
      .poll(() => log.newRecords.innerText(), POLL)
      .toBe('2 new records — jump to latest');
    const fresh = 2;
    // The list kept the rows it had; the count says what it holds of what there is (repainted a
    // few times a second: it may come a moment after the bar).
    await expect
      .poll(() => log.count.innerText(), POLL)
      .toBe(`${before} records shown of ${before + fresh}`);
    expect(await log.domRows().first().getAttribute('aria-setsize')).toBe(String(before));

    await log.newRecords.click();
    await expect.poll(() => log.shown(), POLL).toBe(before + fresh);
    expect(await log.count.innerText()).toBe(`${before + fresh} records`);
    expect(await log.pause.innerText()).toBe('Pause');
    expect(await log.newRecords.count()).toBe(0);

    // A record open in the detail, then Clear view: no rows, and the detail is closed with them.
    await log.openRecord(log.domRows().first());
    await log.clearView.click();
    await expect.poll(() => log.count.innerText(), POLL).toBe('0 records');
    expect(await log.detailTitle().count()).toBe(0);
    expect(await log.detail.innerText()).toMatch(/Select a record/);

    // What comes after the clear shows.
    await app.getAppToken();
    await expect.poll(() => log.shown(), POLL).toBeGreaterThanOrEqual(2);
    expect(await log.rows('/tp/token').count()).toBeGreaterThanOrEqual(1);
  });

  test('scrolled back, new records are counted instead of moving the list; the jump follows again', async () => {
    const app = await session.openApp(await session.host());
    const log = new EventLogPage(app.page);
    for (let i = 0; i < 15; i++) await app.getAppToken();
    // The start-up record and two per grant: more than the pane shows.
    await expect.poll(() => log.shown(), POLL).toBe(31);

    // Back at the top, reading: what arrives is counted, the first row stays in view.
    await log.records.focus();
    await app.page.keyboard.press('Home');
    await expect.poll(async () => (await app.activeRecord())?.position, POLL).toBe('1');
    await app.getAppToken();
    await expect
      .poll(() => log.newRecords.innerText(), POLL)
      .toBe('2 new records — jump to latest');
    expect(await log.rows(/started with the sandbox/).count()).toBe(1);
    // The count is repainted a few times a second (EventLog.tsx): it may come a moment after.
    await expect.poll(() => log.count.innerText(), POLL).toBe('33 records');

    // The jump goes to the end and follows again: no counter, the newest row in view.
    await log.newRecords.click();
    await expect.poll(() => log.newRecords.count(), POLL).toBe(0);
    await expect.poll(async () => (await log.drawnPositions()).at(-1), POLL).toBe(33);
  });
});
