// Exporting from a filtered or paused Event log: the Export panel offers the records the list shows
// alone (unticked, so an export is the whole session unless asked), and the file it saves holds
// those records and no other, under a name that says filtered.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { EventLogPage } from './pages/event-log-page';
import { POLL, useAppSession } from './support/app-session';

const session = useAppSession();

const seqsOf = (ndjson: string) =>
  ndjson
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as { seq: number; kind: string; summary: string });

describe('an export from a filtered Event log', () => {
  test('saves only the records the filter matches when asked, the whole session otherwise', async () => {
    const app = await session.openApp(await session.host());
    const log = new EventLogPage(app.page);
    for (let i = 0; i < 3; i++) await app.getAppToken();
    // The start-up record, and a call and an auth record per grant.
    await expect.poll(() => log.shown(), POLL).toBeGreaterThanOrEqual(7);
    const all = await log.shown();

    // Unfiltered, the panel has no such choice.
    await log.exportButton.click();
    await expect
      .poll(() => log.region.getByRole('group', { name: 'Export session' }).isVisible(), POLL)
      .toBe(true);
    expect(await log.onlyMatching().count()).toBe(0);
    await app.page.keyboard.press('Escape');

    await log.search.fill('/tp/token');
    await expect.poll(() => log.shown(), POLL).toBe(3);
    const filtered = await log.exportSession('NDJSON', { onlyMatching: true });
    expect(filtered.suggestedFilename()).toMatch(/-filtered\.ndjson$/);
    const records = seqsOf(readFileSync(await filtered.path(), 'utf8'));
    expect(records.map((r) => r.kind)).toEqual(['api', 'api', 'api']);
    expect(records.every((r) => r.summary.includes('/tp/token'))).toBe(true);

    // The same filtered view, the box left unticked: the whole session.
    const whole = await log.exportSession('NDJSON');
    expect(whole.suggestedFilename()).not.toMatch(/filtered/);
    expect(seqsOf(readFileSync(await whole.path(), 'utf8')).length).toBeGreaterThanOrEqual(all);
  });

  test('a paused list exports what it shows, not what came after the pause', async () => {
    const app = await session.openApp(await session.host());
    const log = new EventLogPage(app.page);
    await app.getAppToken();
    await log.search.fill('/tp/token');
    // The search's answer: its one row drawn (the count alone may still be the start-up
    // record's, read before the call was journaled and the search answered).
    await expect
      .poll(async () => [await log.shown(), await log.rows('/tp/token').count()], POLL)
      .toEqual([1, 1]);
    await log.pause.click();
    await expect.poll(() => log.pause.innerText(), POLL).toBe('Resume');
    await app.getAppToken();
    await expect.poll(() => log.newRecords.innerText(), POLL).toBe('1 new record — jump to latest');

    const download = await log.exportSession('NDJSON', { onlyMatching: true });
    const records = seqsOf(readFileSync(await download.path(), 'utf8'));
    expect(records.map((r) => r.kind)).toEqual(['api']);
  });

  test('a search typed while paused shows and exports its matches up to the pause', async () => {
    const app = await session.openApp(await session.host());
    const log = new EventLogPage(app.page);
    await app.getAppToken();
    // The start-up record, the call and its grant.
    await expect.poll(() => log.shown(), POLL).toBe(3);
    await log.pause.click();
    await expect.poll(() => log.pause.innerText(), POLL).toBe('Resume');
    await app.getAppToken();
    await expect
      .poll(() => log.newRecords.innerText(), POLL)
      .toBe('2 new records — jump to latest');

    await log.search.fill('/tp/token');
    await expect
      .poll(async () => [await log.shown(), await log.newRecords.innerText()], POLL)
      .toEqual([1, '1 new record — jump to latest']);
    const download = await log.exportSession('NDJSON', { onlyMatching: true });
    const records = seqsOf(readFileSync(await download.path(), 'utf8'));
    expect(records.map((r) => [r.kind, r.seq])).toEqual([['api', 2]]);
  });
});
