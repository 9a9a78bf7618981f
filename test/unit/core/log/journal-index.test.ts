// The journal's index (docs/journal.md, "The index"): log.query over the index answers what a plain
// scan of the records answers, for every filter the pane offers; the index saved beside the journal
// is used when it fits the journal and rebuilt from the NDJSON when it is missing, torn, stale or
// another journal's, and queries made while it is built say how far it is.
import {
  appendFileSync,
  existsSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { JournalRecord, LogFilter } from '../../../../src-shared/contract';
import { compileFilter } from '../../../../src-shared/rules/log-filter';
import { openJournal, type Journal } from '../../../../src-main/core/log/journal';
import { sidecarPath } from '../../../../src-main/core/log/journal-sidecar';
import { createLogQuery } from '../../../../src-main/core/log/log-query';
import { tempDir } from '../../../helpers/core-fixture';
import { FIXTURE_USERS, writeMixedJournal } from '../../../e2e/support/mixed-journal.mjs';

const NEEDLE = 'Zebulon Quixote-Vantablack';
const FILTERS: LogFilter[] = [
  {},
  { kinds: ['delivery'] },
  { kinds: ['api', 'system'] },
  { userId: FIXTURE_USERS[1] },
  { msgType: 'sticker' },
  { eventType: 'picture' },
  { contactId: 'acme-orders' },
  { signature: 'invalid' },
  { status: '5xx' },
  { status: '2xx', kinds: ['api'] },
  { afterSeq: 2500 },
  { userId: 'nobody' },
  { text: NEEDLE.toLowerCase() },
  { text: '/tp/me.json' },
  { text: 'SHIPPED' },
  { text: 'no-such-text' },
  { text: 'message from', signature: 'valid' },
  { text: '"type":"sticker"' },
  { text: 'Fixture record 12' },
  { profileId: 'sandbox' },
  { profileId: 'sandbox', kinds: ['delivery'], signature: 'invalid' },
  { profileId: 'no-such-profile' },
];

const plainCounts = (file: string) => {
  const records: JournalRecord[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    try {
      records.push(JSON.parse(line) as JournalRecord);
    } catch {
      // A torn line: the journal counts it unreadable and skips it too.
    }
  }
  return FILTERS.map((f) => records.filter((r) => compileFilter(f).test(r)).length);
};
/** The engine's counts, once each search has counted its matches to the end (`counting` gone). */
const engineCounts = async (journal: Journal) => {
  const q = createLogQuery(journal);
  const counts: number[] = [];
  for (const filter of FILTERS) {
    let out = q.query({ filter, limit: 200, facets: false });
    for (let i = 0; out.counting; i++) {
      if (i > 2000) throw new Error(`Gave up waiting for the count of ${JSON.stringify(filter)}.`);
      await new Promise((r) => setTimeout(r, 5));
      out = q.query({ filter, limit: 200, facets: false });
    }
    counts.push(out.total);
  }
  return counts;
};
const until = async (what: string, ok: () => boolean) => {
  for (let i = 0; !ok(); i++) {
    if (i > 2000) throw new Error(`Gave up waiting for ${what}.`);
    await new Promise((r) => setTimeout(r, 5));
  }
};

// Journals of 10-30 MB, written, indexed and scanned plainly: seconds on a busy machine.
describe('the journal index', { timeout: 60_000 }, () => {
  const dirs: string[] = [];
  const fresh = () => {
    const dir = tempDir();
    dirs.push(dir);
    return dir;
  };
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('answers every filter and search with the counts of a plain scan, and the rows it names', async () => {
    const dir = fresh();
    writeMixedJournal(dir, 5000, NEEDLE, { sized: true });
    const file = join(dir, 'journal.ndjson');
    const journal = openJournal(file);
    await until('the index is built', () => journal.index().indexing === null);
    expect(await engineCounts(journal)).toEqual(plainCounts(file));
    const q = createLogQuery(journal);
    const found = q.query({ filter: { text: NEEDLE }, limit: 10, facets: true });
    expect(found.rows.map((r) => r.seq)).toEqual([Math.floor(5000 / 3)]);
    expect(found.facets?.users).toEqual(FIXTURE_USERS);
    expect(found.facets?.profiles).toEqual(['sandbox']);
    const page = q.query({ filter: { kinds: ['delivery'] }, offset: 10, limit: 3, facets: false });
    expect(page.rows.map((r) => r.seq)).toEqual([55, 60, 65]);
    expect(journal.get(55)).toMatchObject({ seq: 55, kind: 'delivery' });
    journal.close();
  }, 60_000);

  it('builds the index of a journal larger than what it reads at once in the background, saying how far it is', async () => {
    const dir = fresh();
    writeMixedJournal(dir, 12_000, NEEDLE, { sized: true }); // ~13 MB: more than the 1 MB read at once
    const file = join(dir, 'journal.ndjson');
    const notices: string[] = [];
    const journal = openJournal(file, undefined, undefined, (m) => notices.push(m));
    expect(notices.join('\n')).toMatch(/index .* is missing\. It is being rebuilt/);
    const q = createLogQuery(journal);
    const early = q.query({ filter: {}, limit: 200, facets: false });
    expect(early.indexing).toBeDefined();
    expect(early.total).toBeLessThan(12_000);
    // The newest page is there at once.
    expect(early.rows.at(-1)?.seq).toBe(12_000);
    // So are a search's newest matches (every API call, seq 5n+1), counted over what is indexed.
    const searched = q.query({ filter: { text: '/TP/me.json' }, limit: 3, facets: false });
    expect(searched.indexing).toBeDefined();
    expect(searched.rows.map((r) => r.seq)).toEqual([11_986, 11_991, 11_996]);
    expect(
      journal.append({ kind: 'system', summary: 'new', system: { level: 'info', message: 'n' } })
        .seq,
    ).toBe(12_001);
    await until('the index is built', () => journal.index().indexing === null);
    const done = q.query({ filter: {}, limit: 200, facets: false });
    expect(done.indexing).toBeUndefined();
    expect(done.total).toBe(12_001);
    expect(await engineCounts(journal)).toEqual(plainCounts(file));
    journal.close();
  }, 60_000);

  it('reopens from the saved index, indexes what was appended after it, and rebuilds one that does not fit', async () => {
    const dir = fresh();
    writeMixedJournal(dir, 3000, NEEDLE, { sized: true });
    const file = join(dir, 'journal.ndjson');
    const notices: string[] = [];
    const open = () => openJournal(file, undefined, undefined, (m) => notices.push(m));
    const first = open();
    await until('the index is built', () => first.index().indexing === null);
    first.close();
    const saved = readFileSync(sidecarPath(file));

    // Stale (the journal grew after it was saved, as after a kill -9): used, and the rest indexed.
    appendFileSync(
      file,
      `${JSON.stringify({ seq: 3001, at: 'x', kind: 'system', summary: 'after', system: { level: 'info', message: 'after' } })}\n`,
    );
    notices.length = 0;
    const grown = open();
    expect(notices).toEqual([]);
    expect(grown.lastSeq()).toBe(3001);
    expect(await engineCounts(grown)).toEqual(plainCounts(file));
    grown.close();

    const rebuiltFrom = async (why: RegExp) => {
      notices.length = 0;
      const j = open();
      expect(notices.join('\n')).toMatch(why);
      await until('the index is rebuilt', () => j.index().indexing === null);
      expect(await engineCounts(j)).toEqual(plainCounts(file));
      j.close();
    };
    // Torn (killed while written): cut short.
    writeFileSync(sidecarPath(file), saved.subarray(0, saved.length - 100));
    await rebuiltFrom(/is torn/);
    // Covering more than the journal holds (the journal was cut or replaced by a shorter one).
    writeFileSync(sidecarPath(file), readFileSync(sidecarPath(file)));
    truncateSync(file, 1000 * 1024);
    await rebuiltFrom(/covers more than the journal holds|is torn/);
    // Another journal of the same length.
    const other = fresh();
    writeMixedJournal(other, 3000, 'Somebody Else', { sized: true });
    writeFileSync(sidecarPath(file), saved);
    writeFileSync(file, readFileSync(join(other, 'journal.ndjson')));
    await rebuiltFrom(/for another journal|covers more/);
  }, 60_000);

  it('saves the index every so often while it is built: a stop mid-build keeps what was indexed, and a torn one is rebuilt', async () => {
    const dir = fresh();
    writeMixedJournal(dir, 20_000, NEEDLE, { sized: true }); // ~22 MB: some 5 reads of 4 MB to build
    const file = join(dir, 'journal.ndjson');
    const notices: string[] = [];
    const open = () =>
      openJournal(file, undefined, undefined, (m) => notices.push(m), { saveEveryBytes: 1 });
    const first = open();
    await until('a part of the index is saved', () => existsSync(sidecarPath(file)));
    // What a kill -9 at this moment would leave on disk.
    const partial = readFileSync(sidecarPath(file));
    const savedCovers = (index: Buffer) =>
      (JSON.parse(index.toString('utf8').split('\n')[1]!) as { covered: number }).covered;
    expect(savedCovers(partial)).toBeGreaterThan(0);
    expect(savedCovers(partial)).toBeLessThan(statSync(file).size);
    await until('the index is built', () => first.index().indexing === null);
    first.close();

    // Started again with the part saved: used, the host says so, and the rest is indexed.
    writeFileSync(sidecarPath(file), partial);
    notices.length = 0;
    const resumed = open();
    expect(notices.join('\n')).toMatch(/covers \d+ of \d+ MB .* the rest is being indexed/);
    const indexing = resumed.index().indexing;
    expect(indexing?.done).toBe(savedCovers(partial));
    await until('the rest is indexed', () => resumed.index().indexing === null);
    expect(await engineCounts(resumed)).toEqual(plainCounts(file));
    resumed.close();

    // Killed while the part was written (it is written aside, so only a disk fault tears it).
    writeFileSync(sidecarPath(file), partial.subarray(0, partial.length >> 1));
    notices.length = 0;
    const rebuilt = open();
    expect(notices.join('\n')).toMatch(/is torn.* It is being rebuilt/);
    await until('the index is rebuilt', () => rebuilt.index().indexing === null);
    expect(rebuilt.index().segments.reduce((n, s) => n + s.length, 0)).toBe(20_000);
    rebuilt.close();
  });

  it('saves what was indexed when the journal is closed in the middle of the build', async () => {
    const dir = fresh();
    writeMixedJournal(dir, 20_000, NEEDLE, { sized: true });
    const file = join(dir, 'journal.ndjson');
    const first = openJournal(file);
    await until('some of the index is built', () => (first.index().indexing?.done ?? 0) > 0);
    first.close();
    const notices: string[] = [];
    const again = openJournal(file, undefined, undefined, (m) => notices.push(m));
    expect(notices.join('\n')).toMatch(/the rest is being indexed/);
    await until('the rest is indexed', () => again.index().indexing === null);
    expect(again.list({ limit: 1 })[0]?.seq).toBe(20_000);
    expect(again.index().segments.reduce((n, s) => n + s.length, 0)).toBe(20_000);
    again.close();
  }, 60_000);
});
