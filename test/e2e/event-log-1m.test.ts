// Issue 14: "a journal of any size opens", and "a new one opens a 1,000,000-record journal through
// the UI". A journal of a million records the size the app writes (~1.1 GB: API calls, valid and
// invalid deliveries from three users, system notes), with no index of ours (as an older version
// or a colleague leaves it): the newest page shows at once, the Event log says how far the index
// built in the background is until it is done, and then the filters count the whole journal.
// Opened again, the index saved beside it is used. How fast is `npm run bench:eventlog`'s to say,
// never here. The journal is written once for the file and deleted after it.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { EventLogPage } from './pages/event-log-page';
import { POLL, useAppSession } from './support/app-session';
import { freshDataDir } from './support/host';
import { FIXTURE_USERS, writeMixedJournal, type MixedJournal } from './support/journal-fixture';

const session = useAppSession();
const RECORDS = 1_000_000;
const NEEDLE = 'Zebulon Quixote-Vantablack';
/** Every wait says what it waits for. */
const until = (words: string) => ({ ...POLL, message: words });
/** The background build reads the whole gigabyte: longer than any other wait. */
const untilIndexed = (words: string) => ({ timeout: 75_000, message: words });

let dataDir = '';
let fixture: MixedJournal;
beforeAll(() => {
  dataDir = freshDataDir();
  fixture = writeMixedJournal(dataDir, RECORDS, NEEDLE, { sized: true });
}, 120_000);
afterAll(() => {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('the event log with 1,000,000 records', () => {
  test('opens with the newest page, indexes in the background saying how far, then filters the whole journal', async () => {
    const host = await session.host(dataDir);
    await expect
      .poll(() => host.stderr(), until('the host says the index is missing and being rebuilt'))
      .toMatch(/index .* is missing\. It is being rebuilt/);
    const app = await session.openApp(host);
    const log = new EventLogPage(app.page);

    // The newest page at once: the fixture's last record is among the rows drawn (after it only
    // the host's own start-up records), while the index of the older ones is still being built.
    await expect
      .poll(
        async () => (await log.drawnSeqs()).includes(RECORDS),
        until(`the newest page shows record ${RECORDS}`),
      )
      .toBe(true);
    await expect
      .poll(() => log.indexing.innerText(), until('the Event log says how far the index is'))
      .toMatch(/^Indexing the journal: \d+%\. The counts and the list cover the records indexed/);

    // Done: the progress goes and the count is the whole journal.
    await expect
      .poll(() => log.indexing.count(), untilIndexed('the index is built and the progress goes'))
      .toBe(0);
    await expect
      .poll(() => log.shown(), until('the pane counts the whole journal'))
      .toBeGreaterThan(RECORDS);

    // A filter counts the whole journal: deliveries, then those whose signature did not hold.
    await log.kind('delivery').click();
    await expect
      .poll(() => log.shown(), until('the kind filter counts every delivery'))
      .toBe(fixture.deliveries);
    await log.choose('Signature', 'invalid');
    await expect
      .poll(() => log.shown(), until('the signature filter counts the invalid deliveries'))
      .toBe(fixture.invalid);
    await host.stop();
  }, 120_000);

  test('opened again, uses the index saved beside the journal', async () => {
    const host = await session.host(dataDir);
    const app = await session.openApp(host);
    const log = new EventLogPage(app.page);
    await expect
      .poll(() => log.shown(), until('the pane counts the whole journal at once'))
      .toBeGreaterThan(RECORDS);
    expect(await log.indexing.count()).toBe(0);
    expect(host.stderr()).not.toMatch(/index .* (is missing|torn|covers)/);
    const user = FIXTURE_USERS[1]!;
    await log.choose('User', user);
    await expect
      .poll(() => log.shown(), until('the user filter counts that user’s deliveries'))
      .toBe(fixture.fromUser(user));
  });
});
