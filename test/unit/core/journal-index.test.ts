// The journal's index (docs/journal.md, "The index"): log.query over the index answers what a plain
// scan of the records answers, for every filter the pane offers; the index saved beside the journal
// is used when it fits the journal and rebuilt from the NDJSON when it is missing, torn, stale or
// another journal's, and queries made while it is built say how far it is.
import { appendFileSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { JournalRecord, LogFilter } from '../../../src-shared/contract';
import { compileFilter } from '../../../src-shared/rules/log-filter';
import { openJournal, type Journal } from '../../../src-main/core/log/journal';
import { sidecarPath } from '../../../src-main/core/log/journal-sidecar';
import { createLogQuery } from '../../../src-main/core/log/log-query';
import { tempDir } from '../../helpers/core-fixture';
import { FIXTURE_USERS, writeMixedJournal } from '../../e2e/support/mixed-journal.mjs';

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

describe('the journal index', () => {
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
    writeMixedJournal(dir, 12_000, NEEDLE, { sized: true }); // ~13 MB: more than the 4 MB read at once
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
});
