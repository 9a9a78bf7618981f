// The full-text search's block filter (block-text-filter.ts) and its progressive count
// (log-text-count.ts): a block that holds the searched text is never skipped, whatever the text's
// case, quotes, backslashes or non-ASCII characters, so the engine's counts equal a plain scan's;
// the filter is saved with the index and used again, an index of the version before it is rebuilt,
// and a search many records match reaches the plain scan's count from its newest page back.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { JournalRecord } from '../../../../src-shared/contract';
import { compileFilter } from '../../../../src-shared/rules/log-filter';
import {
  BLOCK_RECORDS,
  BlockTextFilter,
  textFilterOf,
  textTrigramBits,
} from '../../../../src-main/core/log/block-text-filter';
import { openJournal, type Journal, type NewRecord } from '../../../../src-main/core/log/journal';
import { sidecarPath } from '../../../../src-main/core/log/journal-sidecar';
import { TextCount } from '../../../../src-main/core/log/log-text-count';
import { createLogQuery, type LogQuery } from '../../../../src-main/core/log/log-query';
import { tempDir } from '../../../helpers/core-fixture';

/** A seeded generator, so a failure replays (mulberry32). */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const PIECES = [
  'a',
  'B',
  'z',
  'Q',
  '0',
  ' ',
  '/',
  '.',
  '"',
  '\\',
  '\n',
  'é',
  'É',
  'ß',
  '日本',
  '😀',
];
const PIECES_MORE = [...PIECES, '-', 'tp', 'me.json', 'Ünïcödé', 'x'];

function records(count: number, rand: () => number): NewRecord[] {
  const word = (n: number) =>
    Array.from({ length: n }, () => PIECES_MORE[Math.floor(rand() * PIECES_MORE.length)]).join('');
  return Array.from({ length: count }, (_, i): NewRecord => {
    if (i % 3 === 0) {
      return {
        kind: 'system',
        summary: word(6),
        system: { level: 'info', message: word(20) },
      };
    }
    return {
      kind: 'api',
      summary: `GET ${word(3)}`,
      profileId: 'p',
      api: {
        method: 'GET',
        url: `http://127.0.0.1/${word(4)}`,
        requestHeaders: { 'x-not-searched': word(5) },
        requestParams: { q: word(4) },
        status: 200,
        responseHeaders: {},
        responseBody: { encoding: 'utf8', text: word(30), size: 1 },
        timing: { totalMs: 1, ttfbMs: 1, downloadMs: 0 },
      },
    };
  });
}

/** Random texts to search: pieces of records' lines, case flipped at random, and made-up ones. */
function texts(lines: string[], rand: () => number, count: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    if (i % 4 === 3) {
      out.push(
        Array.from(
          { length: 1 + Math.floor(rand() * 5) },
          () => PIECES[Math.floor(rand() * PIECES.length)],
        ).join(''),
      );
      continue;
    }
    const record = JSON.parse(lines[Math.floor(rand() * lines.length)]!) as JournalRecord;
    const fields = [record.summary, JSON.stringify(record).slice(0, 60)];
    if (record.kind === 'api') fields.push(record.api.responseBody!.text!, record.api.url);
    const field = fields[Math.floor(rand() * fields.length)]!;
    const from = Math.floor(rand() * field.length);
    const piece = field.slice(from, from + 1 + Math.floor(rand() * 8));
    out.push(
      [...piece].map((c) => (rand() < 0.5 ? c.toUpperCase() : c.toLowerCase())).join('') || 'a',
    );
  }
  return out;
}

const plainCount = (lines: string[], text: string) => {
  const filter = compileFilter({ text });
  return lines.filter((l) => filter.test(JSON.parse(l) as JournalRecord)).length;
};
async function exactCount(q: LogQuery, text: string): Promise<number> {
  let out = q.query({ filter: { text }, limit: 50, facets: false });
  for (let i = 0; out.counting; i++) {
    if (i > 2000) throw new Error(`Gave up waiting for the count of ${JSON.stringify(text)}.`);
    await new Promise((r) => setTimeout(r, 5));
    out = q.query({ filter: { text }, limit: 50, facets: false });
  }
  return out.total;
}
const until = async (what: string, ok: () => boolean) => {
  for (let i = 0; !ok(); i++) {
    if (i > 2000) throw new Error(`Gave up waiting for ${what}.`);
    await new Promise((r) => setTimeout(r, 5));
  }
};
/** The journal, counting the bytes its searches read from the file. */
function counted(journal: Journal) {
  const read = { bytes: 0 };
  const wrapped: Journal = Object.create(journal) as Journal;
  wrapped.bytes = (position, length) => {
    read.bytes += length;
    return journal.bytes(position, length);
  };
  return { journal: wrapped, read };
}

describe('the full-text search block filter', () => {
  const dirs: string[] = [];
  const fresh = () => {
    const dir = tempDir();
    dirs.push(dir);
    return dir;
  };
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('never rules out a block whose lines hold the text (random lines and pieces of them)', () => {
    const rand = random(7);
    const lines = records(600, rand).map((r, i) => JSON.stringify({ seq: i + 1, at: 'x', ...r }));
    // Half the lines from their bytes (as the index is built), half as strings (as appended).
    const bytesFilter = new BlockTextFilter();
    lines.forEach((line, i) =>
      i % 2
        ? bytesFilter.addText(i, line)
        : bytesFilter.addBytes(i, Buffer.from(`xx${line}`), 2, Buffer.byteLength(line) + 2),
    );
    expect(bytesFilter.blocks).toBe(Math.ceil(600 / BLOCK_RECORDS));
    const all = lines.map((_, i) => i);
    const parsed = lines.map((l) => JSON.parse(l) as JournalRecord);
    let ruledOut = 0;
    for (const text of texts(lines, rand, 300)) {
      const kept: number[] = [];
      // The engine searches the text trimmed, as the filter does.
      bytesFilter.keep(all, 0, all.length, 0, textTrigramBits(text.trim()), kept);
      const keptSet = new Set(kept);
      ruledOut += all.length - kept.length;
      const filter = compileFilter({ text });
      const holding = all.filter((i) => filter.test(parsed[i]!));
      expect(
        holding.filter((i) => !keptSet.has(i)),
        JSON.stringify(text),
      ).toEqual([]);
    }
    // And it does rule blocks out (the made-up texts are in no line).
    expect(ruledOut).toBeGreaterThan(0);
    // A text of only quotes, backslashes and non-ASCII has no trigram: nothing is ruled out.
    expect(textTrigramBits('"\\日本😀é')).toEqual([]);
    // Each bit once, whatever the case: abc, bca and cab, however often they recur.
    expect(textTrigramBits('abcABCabc')).toHaveLength(3);
    expect(textTrigramBits('aBcAbCaBc')).toEqual(textTrigramBits('abcabc'));
    // A line added as a string sets in its block exactly the bits of the same text searched.
    const one = new BlockTextFilter();
    const line = lines[1]!;
    one.addText(0, line);
    const set = [...one.bits.subarray(0, 16_384 / 32)].flatMap((word, w) =>
      Array.from({ length: 32 }, (_, b) => b).flatMap((b) => (word & (1 << b) ? [w * 32 + b] : [])),
    );
    expect(set).toEqual(textTrigramBits(line));
  }, 60_000);

  it('answers random searches through the engine with the counts of a plain scan', async () => {
    const rand = random(11);
    const file = join(fresh(), 'journal.ndjson');
    const journal = openJournal(file);
    // Most in groups (one write of many lines, as deliveries are written), some one by one.
    let written: Promise<void> | undefined;
    for (const [i, r] of records(900, rand).entries()) {
      if (i % 7 === 0) journal.append(r);
      else written = journal.appendGrouped(r).written;
      if (i % 40 === 39) await written;
    }
    await written;
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(900);
    const q = createLogQuery(journal);
    for (const text of texts(lines, rand, 80)) {
      expect(await exactCount(q, text), JSON.stringify(text)).toBe(plainCount(lines, text));
    }
    journal.close();
    // Reopened from its saved index (the blocks loaded, not rebuilt): the same counts.
    const again = openJournal(file);
    const q2 = createLogQuery(again);
    for (const text of texts(lines, random(12), 40)) {
      expect(await exactCount(q2, text), JSON.stringify(text)).toBe(plainCount(lines, text));
    }
    again.close();
  }, 60_000);

  it('adds the lines appended to the filter once the engine is idle; a search before that reads them and counts them all', async () => {
    const file = join(fresh(), 'journal.ndjson');
    const opened = openJournal(file);
    const { journal, read } = counted(opened);
    let written: Promise<void> | undefined;
    for (const r of records(500, random(5))) written = opened.appendGrouped(r).written;
    await written;
    const late = opened.index().segments[1];
    // Capturing did not hash a single line: nothing is covered, so nothing can be ruled out yet.
    expect(textFilterOf(late).blocks).toBe(0);
    // The search's first answer, in the same turn: every line was read to rule them out.
    createLogQuery(journal).query({
      filter: { text: 'no such text anywhere' },
      limit: 50,
      facets: false,
    });
    expect(read.bytes, 'every line read while none is in the filter').toBeGreaterThan(0);
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    expect(await exactCount(createLogQuery(journal), 'me.json')).toBe(plainCount(lines, 'me.json'));

    await until('the idle engine to add every appended line to the filter', () => {
      const f = textFilterOf(late);
      return f.blocks === Math.ceil(500 / BLOCK_RECORDS) && f.counts[f.blocks - 1] === 500 % 128;
    });
    read.bytes = 0;
    expect(await exactCount(createLogQuery(journal), 'no such text anywhere')).toBe(0);
    expect(read.bytes, 'no line read once the blocks rule them all out').toBe(0);
    expect(await exactCount(createLogQuery(journal), 'me.json')).toBe(plainCount(lines, 'me.json'));
    opened.close();
  }, 60_000);

  it('saves the blocks with the index, reads nothing for a text no block holds, and rebuilds an index of the version before', async () => {
    const file = join(fresh(), 'journal.ndjson');
    const first = openJournal(file);
    for (const r of records(700, random(3))) first.append(r);
    first.close();
    const notices: string[] = [];
    const reopened = openJournal(file, undefined, undefined, (m) => notices.push(m));
    expect(notices).toEqual([]);
    const [early] = reopened.index().segments;
    expect(early.length).toBe(700);
    expect(textFilterOf(early).blocks).toBe(Math.ceil(700 / BLOCK_RECORDS));
    const { journal, read } = counted(reopened);
    const q = createLogQuery(journal);
    expect(await exactCount(q, 'no such text anywhere')).toBe(0);
    expect(read.bytes).toBe(0);
    reopened.close();

    // An index written before the blocks (version 1): rebuilt from the journal, saying so.
    const saved = readFileSync(sidecarPath(file));
    const older = Buffer.from(
      saved.toString('latin1').replace('journal index 2', 'journal index 1'),
      'latin1',
    );
    writeFileSync(sidecarPath(file), older);
    notices.length = 0;
    const rebuilt = openJournal(file, undefined, undefined, (m) => notices.push(m));
    expect(notices.join('\n')).toMatch(/not an index of this version\. It is being rebuilt/);
    await until('the index is rebuilt', () => rebuilt.index().indexing === null);
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    const q3 = createLogQuery(rebuilt);
    for (const text of ['me.json', 'ÉÉ', 'tp/', '"q"']) {
      expect(await exactCount(q3, text)).toBe(plainCount(lines, text));
    }
    rebuilt.close();
  }, 60_000);
});

describe('the progressive count of a search', () => {
  it('finds the newest matches first and reaches every match, oldest first', () => {
    const candidates = Array.from({ length: 10_000 }, (_, i) => i * 2);
    const count = new TextCount(candidates, (some) => some.filter((c) => c % 3 === 0));
    count.run(100, 0);
    expect(count.done).toBe(false);
    expect(count.length).toBeGreaterThanOrEqual(100);
    const newest = count.slice(count.length - 100);
    const all = candidates.filter((c) => c % 3 === 0);
    expect(newest).toEqual(all.slice(-100));
    expect(count.progress.done).toBeLessThan(count.progress.total);
    while (count.step());
    expect(count.done).toBe(true);
    expect(count.slice()).toEqual(all);
    expect(count.progress).toEqual({ done: 10_000, total: 10_000 });
  });

  it('answers a search every API call matches with its newest rows, then the plain scan count', async () => {
    const dir = tempDir();
    try {
      const file = join(dir, 'journal.ndjson');
      const journal = openJournal(file);
      for (const r of records(5000, random(5))) journal.append(r);
      const lines = readFileSync(file, 'utf8').trim().split('\n');
      const q = createLogQuery(journal);
      const first = q.query({ filter: { text: 'http://' }, limit: 20, facets: false });
      const matching = lines
        .map((l) => JSON.parse(l) as JournalRecord)
        .filter((r) => compileFilter({ text: 'http://' }).test(r))
        .map((r) => r.seq);
      // Counting or not, the newest page is the plain scan's newest matches.
      expect(first.rows.map((r) => r.seq)).toEqual(matching.slice(-20));
      expect(await exactCount(q, 'http://')).toBe(matching.length);
      const page = q.query({ filter: { text: 'http://' }, offset: 5, limit: 3, facets: false });
      expect(page.rows.map((r) => r.seq)).toEqual(matching.slice(5, 8));
      journal.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
