// Compare two records in the Event log: two deliveries of different text, one marked for compare
// from its detail, the other compared with it by the keyboard (C); the comparison names the data's
// text as the field that differs, hides the volatile ones (ids, timestamps, signatures) until
// asked, and Escape gives the record back. The guide's pictures are taken light and dark. Then a
// new session of one delivery is compared with the first by counts, under Sessions….
import { describe, expect, test } from 'vitest';
import { EventLogPage } from './pages/event-log-page';
import { POLL, useAppSession } from './support/app-session';
import { saveAppScreenshot, saveDocScreenshot } from './support/screenshot';
import { connectedSandboxUser, userSends } from './support/event-log-sandbox';

const session = useAppSession();

describe('compare two records', () => {
  test('two deliveries of different text differ at their text, volatile fields hidden until asked', async () => {
    const running = await session.host();
    const app = await session.openApp(running);
    const log = new EventLogPage(app.page);
    const user = await connectedSandboxUser(running, 'Ada');
    await userSends(running, user.id, 'Where is my order?');
    await userSends(running, user.id, 'Where is my parcel?');
    const order = log.rows('delivery', 'Where is my order?');
    const parcel = log.rows('delivery', 'Where is my parcel?');
    await expect.poll(() => parcel.count(), POLL).toBe(1);

    const marked = await log.openRecord(order);
    await log.markForCompare().click();
    expect(await log.markForCompare().getAttribute('aria-pressed')).toBe('true');
    const other = await log.openRecord(parcel);
    await expect.poll(() => log.compareWith(marked).isVisible(), POLL).toBe(true);
    // By the keyboard, from the list: C compares the open record with the marked one.
    await log.records.focus();
    await app.page.keyboard.press('c');
    await log.comparison().waitFor(POLL);

    // The data's text differs, and so does the body's length; the volatile fields are hidden.
    expect(await log.differencePaths()).toEqual(['headers["content-length"]', 'data.data.body']);
    const row = await log.differenceRow('data.data.body').innerText();
    expect(row).toContain('"Where is my order?"');
    expect(row).toContain('"Where is my parcel?"');
    expect(await log.differencesFound().innerText()).toMatch(/volatile fields? hidden/);
    expect(await log.comparison().getByRole('columnheader').allInnerTexts()).toEqual([
      'Field',
      `#${marked} (marked)`,
      `#${other}`,
    ]);

    // The picture: the detail maximized (the whole event log column), as one reads a comparison.
    await log.detail.getByRole('button', { name: 'Maximize' }).click();
    for (const colorScheme of ['light', 'dark'] as const) {
      await app.page.emulateMedia({ colorScheme });
      await saveDocScreenshot(app.page, `event-log-compare-${colorScheme}`);
    }

    await log.volatileFields().click();
    await expect
      .poll(() => log.differencesFound().innerText(), POLL)
      .toMatch(/volatile fields? shown/);
    // The delivery's id and timestamp in its data, and the signature over it.
    expect(await log.differencePaths()).toEqual([
      'headers["content-length"]',
      'data.id',
      'data.timestamp',
      'data.data.body',
      'form.signature',
    ]);

    // Escape goes back to the record itself (before it gives the list back).
    await log.volatileFields().focus();
    await app.page.keyboard.press('Escape');
    await expect.poll(() => log.comparison().count(), POLL).toBe(0);
    expect(await log.records.isVisible()).toBe(false);
    expect(await log.detailTitle().innerText()).toMatch(new RegExp(`^#${other} `));
    await log.detail.getByRole('button', { name: 'Maximize' }).click();

    // A session of one delivery compared with Default's two, by counts.
    await log.startSession('today');
    await userSends(running, user.id, 'Where is my order?');
    await expect.poll(() => log.rows('delivery', 'Where is my order?').count(), POLL).toBe(1);
    await log.manageSessions.click();
    await log.compareSession('Default').click();
    await log.sessionsCompared().waitFor(POLL);
    expect(await log.sessionCount('delivery')).toEqual(['2', '1']);
    expect(await log.sessionCount('signature valid')).toEqual(['2', '1']);
    const differs = log.sessionsCompared().getByRole('list', { name: 'Records that differ' });
    expect(await differs.innerText()).toMatch(/delivery text 2xx valid: 2 → 1 · open: #\d+/);
    await saveAppScreenshot(app.page, 'sessions-compare');
  });
});
