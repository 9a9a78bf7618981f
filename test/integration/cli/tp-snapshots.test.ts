// Snapshot checks from the command line, on a copy of examples/snapshot.yaml and its committed
// snapshot file: the same payload passes; a changed one (another greeting) fails the delivery's
// check with the diff in the pretty report and JUnit, writing nothing; --update-snapshots stores
// it; a collection without snapshots has them written on its first run, and says "written".
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DOMParser } from '@xmldom/xmldom';
import { afterAll, describe, expect, it } from 'vitest';
import { runTp } from '../../helpers/tp-cli';

const EXAMPLES = resolve(import.meta.dirname, '../../../examples');
const root = mkdtempSync(join(tmpdir(), 'tp-snapshots-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A collection holding examples/snapshot.yaml, with its snapshot file or without. */
function copyOfExample(withSnapshots: boolean): string {
  const folder = mkdtempSync(join(root, 'col-'));
  writeFileSync(join(folder, 'collection.yaml'), 'name: Snapshots\n');
  cpSync(join(EXAMPLES, 'snapshot.yaml'), join(folder, 'snapshot.yaml'));
  if (withSnapshots) {
    mkdirSync(join(folder, '__snapshots__'));
    cpSync(
      join(EXAMPLES, '__snapshots__', 'snapshot.yaml'),
      join(folder, '__snapshots__', 'snapshot.yaml'),
    );
  }
  return folder;
}

const stored = (folder: string) =>
  readFileSync(join(folder, '__snapshots__', 'snapshot.yaml'), 'utf8');

const DIFF =
  'snapshot message: expected the delivery\'s data JSON as stored in __snapshots__/snapshot.yaml, got 1 difference: data.body: "Hello Bob, from the snapshot example" → "Hi Bob".';

describe('tp run with snapshot checks', () => {
  it('passes on the committed snapshots, and fails a changed payload with its diff, writing nothing', async () => {
    const folder = copyOfExample(true);
    const before = stored(folder);
    const same = await runTp(['run', folder], { cwd: folder });
    expect(same.code, same.stdout + same.stderr).toBe(0);
    expect(same.stdout).not.toContain('written');

    const report = join(folder, 'junit.xml');
    const changed = await runTp(
      ['run', folder, '--var', 'greeting=Hi Bob', '--reporter', 'junit', '--out', report],
      { cwd: folder },
    );
    expect(changed.code, changed.stderr).toBe(1);
    const xml = new DOMParser().parseFromString(readFileSync(report, 'utf8'), 'text/xml');
    const failures = Array.from(xml.getElementsByTagName('failure'));
    expect(failures.map((f) => f.getAttribute('message'))).toEqual([expect.stringContaining(DIFF)]);

    const pretty = await runTp(['run', folder, '--var', 'greeting=Hi Bob'], { cwd: folder });
    expect(pretty.code).toBe(1);
    expect(pretty.stdout).toContain(`    ✗ The app receives it as before`);
    expect(pretty.stdout).toContain(DIFF);
    expect(stored(folder)).toBe(before);
  });

  it('--update-snapshots stores the changed payload, which later runs then pass', async () => {
    const folder = copyOfExample(true);
    const update = await runTp(['run', folder, '--var', 'greeting=Hi Bob', '--update-snapshots'], {
      cwd: folder,
    });
    expect(update.code, update.stdout + update.stderr).toBe(0);
    expect(update.stdout).toContain(
      '✎ The app receives it as before: snapshot "message" written again to __snapshots__/snapshot.yaml',
    );
    expect(stored(folder)).toContain('body: Hi Bob');
    const again = await runTp(['run', folder, '--var', 'greeting=Hi Bob'], { cwd: folder });
    expect(again.code, again.stdout).toBe(0);
  });

  it('writes the snapshots on the first run, and says written rather than passed', async () => {
    const folder = copyOfExample(false);
    const first = await runTp(['run', folder], { cwd: folder });
    expect(first.code, first.stdout + first.stderr).toBe(0);
    expect(first.stdout).toContain(
      '✎ Bob, who takes messages: snapshot "contact added" written to __snapshots__/snapshot.yaml for the first time',
    );
    expect(existsSync(join(folder, '__snapshots__', 'snapshot.yaml'))).toBe(true);
    // The ids, times and addresses made for the run are masked: what the example committed.
    expect(stored(folder)).toBe(
      readFileSync(join(EXAMPLES, '__snapshots__', 'snapshot.yaml'), 'utf8'),
    );
  });
});
