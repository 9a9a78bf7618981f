// The journal's group commit (appendGrouped): records of one turn share one write, are on disk
// when `written` resolves and not before, keep seq order with synchronous appends, and are flushed
// by close().
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { JournalRecord } from '../../../../src-shared/contract';
import { openJournal } from '../../../../src-main/core/log/journal';
import { tempDir } from '../../../helpers/core-fixture';

const system = (message: string) =>
  ({ kind: 'system', summary: message, system: { level: 'info', message } }) as const;

const lines = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { seq: number; summary: string });

describe('journal group commit', () => {
  const dirs: string[] = [];
  const path = () => {
    const dir = tempDir();
    dirs.push(dir);
    return join(dir, 'journal.ndjson');
  };
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('writes the records of one turn together, and they are in the file when written resolves', async () => {
    const file = path();
    const seen: number[] = [];
    const journal = openJournal(file, (r) => seen.push(r.seq));
    const a = journal.appendGrouped(system('a'));
    const b = journal.appendGrouped(system('b'));
    expect(a.written).toBe(b.written);
    expect([a.record.seq, b.record.seq]).toEqual([1, 2]);
    // Not yet written: neither the file nor listeners nor list() have them.
    expect(readFileSync(file, 'utf8')).toBe('');
    expect(seen).toEqual([]);
    expect(journal.list({ limit: 10 })).toEqual([]);
    await a.written;
    expect(lines(file).map((r) => r.summary)).toEqual(['a', 'b']);
    expect(seen).toEqual([1, 2]);
    expect(journal.get(2)?.summary).toBe('b');
    // The next turn starts a new group.
    const c = journal.appendGrouped(system('c'));
    expect(c.written).not.toBe(a.written);
    await c.written;
    expect(lines(file).map((r) => r.seq)).toEqual([1, 2, 3]);
    journal.close();
  });

  it('writes the deliveries of 32 connections that arrive in one turn with one write', async () => {
    // bench:inbound's 32 senders: one write for the turn, not one per 8 (each write is a system
    // call on the path of every delivery, and the slower when the periodic fdatasync runs).
    const journal = openJournal(path());
    const grouped = Array.from({ length: 33 }, (_, i) => journal.appendGrouped(system(`${i}`)));
    expect(new Set(grouped.slice(0, 32).map((g) => g.written)).size).toBe(1);
    expect(grouped[32]!.written).not.toBe(grouped[0]!.written);
    await Promise.all(grouped.map((g) => g.written));
    journal.close();
  });

  it('writes a full group as soon as the code that filled it is done, before the turn ends', async () => {
    const file = path();
    const journal = openJournal(file, undefined, undefined, undefined, { groupRecords: 2 });
    const a = journal.appendGrouped(system('a'));
    const b = journal.appendGrouped(system('b'));
    expect(b.written).toBe(a.written);
    expect(readFileSync(file, 'utf8')).toBe('');
    // Full: written once this code is done (in its microtasks), not when the turn ends.
    await a.written;
    expect(lines(file).map((r) => r.summary)).toEqual(['a', 'b']);
    // A record that comes to a full group starts the next one, and the full one is written first.
    const c = journal.appendGrouped(system('c'));
    const d = journal.appendGrouped(system('d'));
    const e = journal.appendGrouped(system('e'));
    expect([c.written === d.written, d.written === e.written]).toEqual([true, false]);
    expect(lines(file).map((r) => r.summary)).toEqual(['a', 'b', 'c', 'd']);
    await e.written;
    expect(lines(file).map((r) => r.summary)).toEqual(['a', 'b', 'c', 'd', 'e']);
    journal.close();
  });

  it('indexes a whole group before its listeners run, so one that appends keeps the index in seq order', async () => {
    const file = path();
    const journal = openJournal(file, (r) => {
      if (r.summary === 'first') journal.append(system('told of first'));
    });
    journal.appendGrouped(system('first'));
    const { written } = journal.appendGrouped(system('second'));
    await written;
    expect(lines(file).map((r) => [r.seq, r.summary])).toEqual([
      [1, 'first'],
      [2, 'second'],
      [3, 'told of first'],
    ]);
    // Found by seq and listed newest first: the index's entries are in seq order.
    expect(journal.get(2)?.summary).toBe('second');
    expect(journal.get(3)?.summary).toBe('told of first');
    expect(journal.list({ limit: 10 }).map((r) => r.seq)).toEqual([1, 2, 3]);
    expect(journal.list({ beforeSeq: 3, limit: 1 }).map((r) => r.seq)).toEqual([2]);
    journal.close();
  });

  it('keeps seq order when a synchronous append comes while records wait', async () => {
    const file = path();
    const journal = openJournal(file);
    const grouped = journal.appendGrouped(system('grouped'));
    journal.append(system('sync'));
    // append() wrote the waiting record first, so the file is in seq order already.
    expect(lines(file).map((r) => [r.seq, r.summary])).toEqual([
      [1, 'grouped'],
      [2, 'sync'],
    ]);
    await grouped.written;
    expect(lines(file)).toHaveLength(2);
    journal.close();
  });

  it('gives back grouped records as they were appended (kept as lines, parsed when read)', async () => {
    const file = path();
    const journal = openJournal(file);
    const appended = [
      journal.appendGrouped(system('first → with a non-ASCII arrow')).record,
      journal.append(system('plain')),
      journal.appendGrouped(system('third')).record,
    ];
    await journal.appendGrouped(system('fourth')).written;
    const listed = journal.list({ limit: 10 });
    expect(listed.slice(0, 3)).toEqual(appended);
    expect(journal.get(3)).toEqual(appended[2]);
    // Read twice, the same object: parsed once and kept.
    expect(journal.get(1)).toBe(journal.get(1));
    journal.close();
    expect(lines(file).map((r) => r.seq)).toEqual([1, 2, 3, 4]);
  });

  it('writes a group larger than its buffer whole', async () => {
    const file = path();
    const journal = openJournal(file);
    const big = 'é'.repeat(300_000);
    const writes = [1, 2, 3].map((i) => journal.appendGrouped(system(`${i}${big}`)).written);
    await Promise.all(writes);
    expect(lines(file).map((r) => r.summary)).toEqual([`1${big}`, `2${big}`, `3${big}`]);
    journal.close();
  });

  it('gives back and writes whole the groups of many turns, past the end of a buffer', async () => {
    const file = path();
    const journal = openJournal(file);
    const appended = [];
    // 80 kB a turn (over 1 MiB in all) in two records, one of them with non-ASCII text.
    for (let i = 0; i < 16; i++) {
      const a = journal.appendGrouped(system(`${i}a ${'x'.repeat(40_000)} →`));
      const b = journal.appendGrouped(system(`${i}b ${'é'.repeat(20_000)}`));
      await b.written;
      appended.push(a.record, b.record);
    }
    expect(journal.list({ limit: 100 })).toEqual(appended);
    journal.close();
    expect(lines(file).map((r) => r.summary)).toEqual(appended.map((r) => r.summary));
  });

  it('hands its listener each record with the line it wrote for it', async () => {
    const file = path();
    const seen: { record: JournalRecord; line: string }[] = [];
    const journal = openJournal(file, (record, line) => seen.push({ record, line }));
    journal.append(system('sync → arrow'));
    await journal.appendGrouped(system('grouped')).written;
    expect(seen.map((s) => s.line)).toEqual(seen.map((s) => JSON.stringify(s.record)));
    expect(seen.map((s) => s.line)).toEqual(readFileSync(file, 'utf8').trimEnd().split('\n'));
    journal.close();
  });

  it('close() writes what is waiting', async () => {
    const file = path();
    const journal = openJournal(file);
    const { written } = journal.appendGrouped(system('last'));
    journal.close();
    await written;
    expect(lines(file).map((r) => r.summary)).toEqual(['last']);
    expect(() => journal.appendGrouped(system('after'))).toThrow(/closed/);
  });
  it('finds every line by the byte offset it was written at: multi-byte text, a lone surrogate, a group over 1 MB', async () => {
    const file = path();
    const journal = openJournal(file);
    const texts = ['→ 200', 'emoji 😀 ok', 'lone \ud800 surrogate', 'plain'];
    // The first group is larger than the buffer the journal keeps for the next (1 MB).
    const text = (round: number, i: number) =>
      i < texts.length ? texts[i]! : round === 0 ? 'x'.repeat(600_000) : 'last';
    const expected = (seq: number) => {
      const round = Math.floor((seq - 1) / 6);
      const i = (seq - 1) % 6;
      // JSON.stringify writes a lone surrogate as an escape, so it comes back as it was.
      return i < 5 ? `${round} ${text(round, i)}` : `${round} sync ${texts[round % 4]!}`;
    };
    // More records than the journal keeps whole, so the first ones are read back from the file.
    const rounds = 90;
    for (let round = 0; round < rounds; round++) {
      const groups = [0, 1, 2, 3, 4].map(
        (i) => journal.appendGrouped(system(`${round} ${text(round, i)}`)).written,
      );
      journal.append(system(`${round} sync ${texts[round % 4]!}`));
      await Promise.all(groups);
    }
    for (const seq of [1, 2, 3, 5, 6, 7, 300, rounds * 6]) {
      expect(journal.get(seq)?.summary).toBe(expected(seq));
    }
    expect(lines(file).map((r) => r.summary)).toEqual(
      Array.from({ length: rounds * 6 }, (_, i) => expected(i + 1)),
    );
    journal.close();
  });
});
