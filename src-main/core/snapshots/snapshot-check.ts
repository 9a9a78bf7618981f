// A `snapshot: <name>` check (format.ts, SnapshotCheck) of a request step's body or an
// expect-delivery step's data. The value, volatile fields masked (mask.ts), is compared with the
// one stored under the name in the scenario's snapshot file; a difference fails the check with the
// structural diff in words. The file is written only when the run asked to update snapshots, or the
// first time a name is missing: the check then says "written", which is not "passed".
import type { SnapshotCheck } from '../../../src-shared/collections/format';
import type { CheckOutcome } from '../../../src-shared/contract';
import { errorText } from '../../../src-shared/contract/errors';
import { itemPath } from '../collections';
import { diffWords, structuralDiff } from './diff';
import { maskVolatile } from './mask';
import {
  readSnapshots,
  snapshotFilePath,
  writeSnapshots,
  type StoredSnapshot,
} from './snapshot-file';

interface SnapshotPlace {
  /** The collection's folder: the snapshot file is written only inside it. */
  collectionFolder: string;
  /** The scenario file, absolute. */
  scenarioFile: string;
  /** Store the value instead of comparing (`tp run --update-snapshots`, the Runner's choice). */
  updateSnapshots: boolean;
}

const UPDATE_HINT =
  'If the change is intended, run again with --update-snapshots (in the Runner: Update snapshots).';

const unique = (paths: readonly string[]) => [...new Set(paths)];

function stored(value: unknown, mask: readonly string[]): StoredSnapshot {
  const masked = maskVolatile(value, mask);
  return { masked: unique(masked.paths), value: masked.value };
}

/** `what`: the words for what is compared, `the body` or `the data JSON`. */
export async function runSnapshotCheck(
  place: SnapshotPlace,
  check: SnapshotCheck,
  seen: { value: unknown } | undefined,
  what: string,
): Promise<CheckOutcome> {
  const label = `snapshot ${check.name}`;
  const file = snapshotFilePath(itemPath(place.collectionFolder, place.scenarioFile));
  const fail = (expected: string, actual: string): CheckOutcome => ({
    label,
    passed: false,
    expected,
    actual,
  });
  if (!seen) return fail(`${what} as JSON, to compare with ${file}`, `no JSON in ${what}`);
  const read = await readSnapshots(place.collectionFolder, file);
  if ('problem' in read)
    return fail(
      `the snapshot stored in ${file}`,
      `a file that cannot be used: ${read.problem}. Fix the file, or delete it and run again to store its snapshots anew`,
    );
  const previous = read.entries[check.name];
  if (previous && !place.updateSnapshots) {
    const actual = maskVolatile(seen.value, [...check.mask, ...previous.masked]);
    const differences = structuralDiff(previous.value, actual.value);
    if (differences.length === 0)
      return { label, passed: true, expected: `as stored in ${file}`, actual: 'the same' };
    const count = differences.length === 1 ? '1 difference' : `${differences.length} differences`;
    return fail(
      `${what} as stored in ${file}`,
      `${count}: ${diffWords(differences)}. ${UPDATE_HINT}`,
    );
  }
  const next = stored(seen.value, check.mask);
  if (previous && JSON.stringify(previous) === JSON.stringify(next))
    return { label, passed: true, expected: `as stored in ${file}`, actual: 'the same' };
  try {
    await writeSnapshots(place.collectionFolder, file, { ...read.entries, [check.name]: next });
  } catch (err) {
    return fail(`${what} stored in ${file}`, `it could not be written: ${errorText(err)}`);
  }
  const note = previous
    ? `snapshot "${check.name}" written again to ${file} (the run was asked to update snapshots)`
    : `snapshot "${check.name}" written to ${file} for the first time (later runs compare with it)`;
  return { label, passed: true, expected: `as stored in ${file}`, actual: 'stored', note };
}
