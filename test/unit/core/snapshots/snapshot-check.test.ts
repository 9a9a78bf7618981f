// A snapshot check against a real folder: the first run stores the value ("written", not "passed"),
// later runs compare and fail with the diff without writing, a run asked to update writes, and the
// file is never read or written through a link that leads out of the collection's folder.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runSnapshotCheck } from '../../../../src-main/core/snapshots/snapshot-check';

const root = mkdtempSync(join(tmpdir(), 'tp-snapshot-check-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function collection(): string {
  const folder = mkdtempSync(join(root, 'col-'));
  mkdirSync(join(folder, 'sends'));
  return folder;
}

const place = (folder: string, updateSnapshots = false) => ({
  collectionFolder: folder,
  scenarioFile: join(folder, 'sends', 'text.yaml'),
  updateSnapshots,
});
const greeting = { name: 'greeting', mask: [] };
const message = (body: string) => ({
  id: `m-${Math.random()}`,
  timestamp: new Date().toISOString(),
  data: { body },
});

describe('a snapshot check', () => {
  it('stores the value the first time, masked, and says written', async () => {
    const folder = collection();
    const outcome = await runSnapshotCheck(
      place(folder),
      greeting,
      { value: message('Hello') },
      'the data JSON',
    );
    expect(outcome.passed).toBe(true);
    expect(outcome.note).toMatch(
      /^snapshot "greeting" written to __snapshots__\/sends\/text\.yaml for the first time/,
    );
    const text = readFileSync(join(folder, '__snapshots__', 'sends', 'text.yaml'), 'utf8');
    expect(text).toMatch(
      /greeting:\n {2}masked: \[id, timestamp\]\n {2}value:\n {4}id: ‹masked›\n/,
    );
    expect(text).toContain('body: Hello');
  });

  it('passes on the same value with other ids and times, and writes nothing', async () => {
    const folder = collection();
    await runSnapshotCheck(place(folder), greeting, { value: message('Hello') }, 'the data JSON');
    const file = join(folder, '__snapshots__', 'sends', 'text.yaml');
    const before = readFileSync(file, 'utf8');
    const again = await runSnapshotCheck(
      place(folder),
      greeting,
      { value: message('Hello') },
      'the data JSON',
    );
    expect(again).toMatchObject({ passed: true, actual: 'the same' });
    expect(again.note).toBeUndefined();
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it('fails on a changed value with the diff, and leaves the stored value as it was', async () => {
    const folder = collection();
    await runSnapshotCheck(place(folder), greeting, { value: message('Hello') }, 'the data JSON');
    const file = join(folder, '__snapshots__', 'sends', 'text.yaml');
    const before = readFileSync(file, 'utf8');
    const changed = { ...message('Hi'), extra: 1 };
    const outcome = await runSnapshotCheck(
      place(folder),
      greeting,
      { value: changed },
      'the data JSON',
    );
    expect(outcome.passed).toBe(false);
    expect(outcome.expected).toBe('the data JSON as stored in __snapshots__/sends/text.yaml');
    expect(outcome.actual).toBe(
      '2 differences: data.body: "Hello" → "Hi"; added: extra = 1. If the change is intended, run again with --update-snapshots (in the Runner: Update snapshots).',
    );
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it('stores the new value when the run asks to update snapshots, keeping the other names', async () => {
    const folder = collection();
    await runSnapshotCheck(place(folder), greeting, { value: message('Hello') }, 'the data JSON');
    await runSnapshotCheck(
      place(folder),
      { name: 'other', mask: [] },
      { value: { a: 1 } },
      'the body',
    );
    const updated = await runSnapshotCheck(
      place(folder, true),
      greeting,
      { value: message('Hi') },
      'the data JSON',
    );
    expect(updated.passed).toBe(true);
    expect(updated.note).toMatch(
      /^snapshot "greeting" written again to __snapshots__\/sends\/text\.yaml/,
    );
    const compared = await runSnapshotCheck(
      place(folder),
      greeting,
      { value: message('Hi') },
      'the data JSON',
    );
    expect(compared.passed).toBe(true);
    const text = readFileSync(join(folder, '__snapshots__', 'sends', 'text.yaml'), 'utf8');
    expect(text).toContain('other:');
  });

  it('masks the fields a check names, and keeps masking them in later runs', async () => {
    const folder = collection();
    const check = { name: 'greeting', mask: ['data.body'] };
    await runSnapshotCheck(place(folder), check, { value: message('Hello') }, 'the data JSON');
    // The stored `masked` list masks the field even for a check that no longer names it.
    const later = await runSnapshotCheck(
      place(folder),
      greeting,
      { value: message('Bye') },
      'the data JSON',
    );
    expect(later.passed).toBe(true);
  });

  it('refuses a snapshot folder that is a link out of the collection, and writes nothing there', async () => {
    const folder = collection();
    const outside = mkdtempSync(join(root, 'outside-'));
    symlinkSync(outside, join(folder, '__snapshots__'), 'dir');
    const outcome = await runSnapshotCheck(
      place(folder),
      greeting,
      { value: message('Hello') },
      'the data JSON',
    );
    expect(outcome.passed).toBe(false);
    expect(outcome.actual).toMatch(/outside the collection's folder/);
    expect(readdirSync(outside)).toEqual([]);
  });

  it('fails on a file that is not a snapshot file, and does not overwrite it', async () => {
    const folder = collection();
    mkdirSync(join(folder, '__snapshots__', 'sends'), { recursive: true });
    const file = join(folder, '__snapshots__', 'sends', 'text.yaml');
    writeFileSync(file, 'greeting: [1, 2]\n');
    const outcome = await runSnapshotCheck(
      place(folder),
      greeting,
      { value: message('Hello') },
      'the data JSON',
    );
    expect(outcome.passed).toBe(false);
    expect(outcome.actual).toMatch(
      /^a file that cannot be used: __snapshots__\/sends\/text\.yaml is not a snapshot file \(greeting: .*\)\. Fix the file, or delete it/,
    );
    expect(readFileSync(file, 'utf8')).toBe('greeting: [1, 2]\n');
  });

  it('fails when there is no JSON to compare, and stores nothing', async () => {
    const folder = collection();
    const outcome = await runSnapshotCheck(
      place(folder),
      greeting,
      undefined,
      "the delivery's data JSON",
    );
    expect(outcome).toMatchObject({ passed: false, actual: "no JSON in the delivery's data JSON" });
    expect(existsSync(join(folder, '__snapshots__'))).toBe(false);
  });
});
