// Issue 6: "the live event log ... virtualized so that 100,000 records scroll and filter
// smoothly". A journal of 100,000 mixed records (API calls, valid and invalid deliveries from three
// users, system notes) written before the host starts: the list draws only the rows in view, End
// and Home reach the last and the first record, and a kind filter, a user, a signature outcome and
// a full-text search each narrow the count to what the fixture wrote. How fast is measured by
// `npm run bench:eventlog`, never here.
import { describe, expect, test } from 'vitest';
import { EventLogPage } from './pages/event-log-page';
import { POLL, useAppSession } from './support/app-session';
import { freshDataDir } from './support/host';
import { FIXTURE_USERS, writeMixedJournal } from './support/journal-fixture';

const session = useAppSession();
const RECORDS = 100_000;
const NEEDLE = 'Zebulon Quixote-Vantablack';
/** Every wait says what it waits for. */
const until = (words: string) => ({ ...POLL, message: words });

describe('the event log with 100,000 records', () => {
  test('draws only what is in view, reaches both ends, and filters and searches the whole journal', async () => {
    const dataDir = freshDataDir();
    const fixture = writeMixedJournal(dataDir, RECORDS, NEEDLE);
    const app = await session.openApp(await session.host(dataDir));
    const log = new EventLogPage(app.page);

    // Every record counted (the fixture and the host's own start-up records after it).
    await expect
      .poll(() => log.shown(), until('the pane counts the whole journal'))
      .toBeGreaterThan(RECORDS);
    // The count is repainted a few times a second (EventLog.tsx): read once it agrees with the list.
    await expect
      .poll(
        async () => (await log.shown()) === (await app.recordCount()),
        until('the count to agree with the list'),
      )
      .toBe(true);
    const total = await log.shown();
    // Virtual: a screenful of rows in the DOM, not a hundred thousand.
    const drawn = await log.domRows().count();
    expect(drawn).toBeGreaterThan(0);
    expect(drawn).toBeLessThan(100);

    // End: the last record (the newest, the host's own); Home: the fixture's first, an API call.
    // The seqs run 1..n with nothing filtered, so the last row's seq is the count.
    await log.records.focus();
    await app.page.keyboard.press('End');
    let lastActive = await log.activeRowId();
    const active = () => log.records.locator(`[id="${String(lastActive)}"]`);
    await expect
      .poll(async () => {
        lastActive = await log.activeRowId();
        const at = await active()
          .getAttribute('aria-posinset')
          .catch(() => null);
        const seq = (
          await active()
            .innerText()
            .catch(() => '')
        ).split(/\s/)[0];
        const shown = String(await log.shown());
        return at === shown && seq === shown
          ? 'on the last record'
          : `on row ${at} (${seq}) of ${shown}`;
      }, until('End reaches the last record'))
      .toBe('on the last record');
    await app.page.keyboard.press('Home');
    await expect
      .poll(async () => {
        lastActive = await log.activeRowId();
        return active()
          .innerText()
          .catch(() => '');
      }, until('Home reaches the first record'))
      .toMatch(/^1\s[\s\S]*\/tp\/me\.json/);
    expect(await active().getAttribute('aria-posinset')).toBe('1');
    expect(await log.domRows().count()).toBeLessThan(100);

    // Deliveries only: the fixture's count (the host delivers nothing at start).
    await log.kind('delivery').click();
    await expect
      .poll(() => log.shown(), until('the kind filter narrows the count'))
      .toBe(fixture.deliveries);
    // ... from one user ...
    const user = FIXTURE_USERS[1]!;
    await log.choose('User', user);
    await expect
      .poll(() => log.shown(), until('the user filter narrows it further'))
      .toBe(fixture.fromUser(user));
    // ... and, of all users again, those whose signature did not hold.
    await log.choose('User', '');
    await log.choose('Signature', 'invalid');
    await expect
      .poll(() => log.shown(), until('the signature filter narrows the count'))
      .toBe(fixture.invalid);
    await expect
      .poll(
        async () => (await log.domRows().allInnerTexts()).every((t) => /invalid$/.test(t)),
        until('every row drawn is an invalid delivery'),
      )
      .toBe(true);

    // Full-text search over bodies, every kind again: the one API response holding the needle.
    await log.clearFilters.click();
    await expect
      .poll(() => log.shown(), until('clearing the filters shows every record'))
      .toBeGreaterThanOrEqual(total);
    await log.search.fill(NEEDLE);
    await expect.poll(() => log.shown(), until('the search finds the one record')).toBe(1);
    const found = log.rows(`${fixture.needleSeq}`, '/tp/me.json');
    await expect.poll(() => found.count(), until('the found row shows')).toBe(1);
    await found.click();
    await expect
      .poll(() => log.detailTitle().innerText(), until('its detail opens'))
      .toMatch(new RegExp(`^#${fixture.needleSeq} `));
    await expect
      .poll(() => log.detail.innerText(), until('the body with the needle shows'))
      .toContain(NEEDLE);

    // A search that matches thousands, combined with a status filter: the API calls answered 500.
    await log.search.fill('/tp/me.json');
    await log.choose('Status', '5xx');
    await expect
      .poll(() => log.shown(), until('search and status filter together'))
      .toBe(fixture.serverErrors);
  });
});
