// A scenario's snapshot file: `__snapshots__/<scenario path>.yaml` in the collection's folder,
// plain YAML keyed by snapshot name, each with the fields it masked and the value, so a code
// review's diff shows what changed. The file comes with the collection, from anyone: it is read
// like a collection file (never through a link out, never past 1 MiB) and checked before use; it is
// written only inside the folder (docs/security.md, Running a collection you did not write).
import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';
import { SNAPSHOTS_DIR } from '../../../src-shared/collections/format';
import { errorText } from '../../../src-shared/contract/errors';
import {
  resolveInside,
  MAX_COLLECTION_FILE_BYTES,
  readCollectionFile,
  OFF_THREAD_BYTES,
  parseOffThread,
} from '../collections';
import { yaml } from '../common/lazy-packages';

export const StoredSnapshot = z
  .object({ masked: z.array(z.string().max(500)).max(10_000).default([]), value: z.unknown() })
  .strict();
export type StoredSnapshot = z.output<typeof StoredSnapshot>;
const SnapshotFileShape = z.record(z.string(), StoredSnapshot);
type SnapshotEntries = Record<string, StoredSnapshot>;

/** `sends/text.yaml` → `__snapshots__/sends/text.yaml`: the file's path from the collection's folder. */
export function snapshotFilePath(scenarioPath: string): string {
  return `${SNAPSHOTS_DIR}/${scenarioPath.replace(/\.ya?ml$/, '')}.yaml`;
}

const HEADER =
  '# Snapshots of a scenario (docs/collections.md, Snapshots): written by a run, reviewed in a diff.\n' +
  '# ‹masked› marks a field that changes at every run (an id, a time, a token); `masked` lists them.\n';

/** The file's snapshots (none when it does not exist yet), or why it cannot be used. */
export async function readSnapshots(
  folder: string,
  path: string,
): Promise<{ entries: SnapshotEntries } | { problem: string }> {
  let full: string;
  try {
    full = await resolveInside(folder, path);
  } catch (err) {
    return { problem: errorText(err) };
  }
  const read = await readCollectionFile(folder, full);
  if ('missing' in read) return { entries: {} };
  if ('problem' in read) return { problem: `${path}: ${read.problem}` };
  // A large file parses on a worker, as a large scenario does: a 350 KB snapshot file (2,000
  // records) took the yaml package 0.25 to 0.9 s, which the engine's thread would not answer in.
  if (read.text.length > OFF_THREAD_BYTES) {
    const parsed = await parseOffThread(SnapshotFileShape, path, read.text);
    const first = parsed.problems[0];
    if (parsed.value && !first) return { entries: parsed.value };
    return {
      problem: `${path} is not a snapshot file (line ${first?.line ?? 1}: ${first?.message ?? 'unexpected shape'})`,
    };
  }
  let parsed: unknown;
  try {
    parsed = yaml().parse(read.text) as unknown;
  } catch (err) {
    return { problem: `${path} is not YAML (${errorText(err)})` };
  }
  const checked = SnapshotFileShape.safeParse(parsed ?? {});
  if (!checked.success) {
    const issue = checked.error.issues[0];
    return {
      problem: `${path} is not a snapshot file (${issue?.path.join('.') || 'the file'}: ${issue?.message ?? 'unexpected shape'})`,
    };
  }
  return { entries: checked.data };
}

/**
 * The file's text: each `masked` list on one line (`masked: [id, timestamp]`), text in single
 * quotes as prettier writes it, so a formatter run over the collection leaves the file as it is.
 */
function snapshotsYaml(entries: SnapshotEntries): string {
  const { Document, isSeq } = yaml();
  const doc = new Document(entries);
  for (const name of Object.keys(entries)) {
    const masked = doc.getIn([name, 'masked'], true);
    if (isSeq(masked)) masked.flow = true;
  }
  return doc.toString({ lineWidth: 100, singleQuote: true, flowCollectionPadding: false });
}

/**
 * Writes `entries` as `path` inside `folder`: through a new file beside it renamed over it, so a
 * reader never sees half a file, and a link planted at the file's place is replaced, not followed.
 */
export async function writeSnapshots(
  folder: string,
  path: string,
  entries: SnapshotEntries,
): Promise<void> {
  const full = await resolveInside(folder, path);
  const text = HEADER + snapshotsYaml(entries);
  if (Buffer.byteLength(text) > MAX_COLLECTION_FILE_BYTES)
    throw new Error(
      `the snapshots of ${path} would be over 1 MiB, more than a collection file may be: mask the large fields (\`snapshot: { name, mask: [field] }\`) or snapshot a smaller answer.`,
    );
  await mkdir(dirname(full), { recursive: true });
  // Checked again now that the folders exist: one of them could be a link made meanwhile.
  await resolveInside(folder, path);
  const temporary = `${full}.${randomBytes(6).toString('hex')}.tmp`;
  // 'wx': fails rather than follow anything already at that name.
  const handle = await open(temporary, 'wx');
  try {
    await handle.writeFile(text, 'utf8');
  } finally {
    await handle.close();
  }
  try {
    await rename(temporary, full);
  } catch (err) {
    await rm(temporary, { force: true });
    throw err;
  }
}
