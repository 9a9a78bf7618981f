// A snapshot file over 64 KiB parses on a worker thread, as a large scenario does: the engine's
// thread keeps answering while a snapshot of a long list is compared, and the comparison is the
// one a file parsed inline gives (the same value passes, a changed one fails with its diff). The
// worker is seen being given the file, rather than the thread timed (a busy machine stalls a timer
// as long as a parse would: this test failed so in CI).
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it, vi } from 'vitest';
import { runSnapshotCheck } from '../../../../src-main/core/snapshots/snapshot-check';
import type { WatchedWorker } from '../../../helpers/watched-workers';

const workers = vi.hoisted((): WatchedWorker[] => []);
vi.mock('node:worker_threads', async (importOriginal) =>
  (await import('../../../helpers/watched-workers')).watchedWorkerThreads(importOriginal, workers),
);

const folder = mkdtempSync(join(tmpdir(), 'tp-large-snapshot-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const place = {
  collectionFolder: folder,
  scenarioFile: join(folder, 'users.yaml'),
  updateSnapshots: false,
};
const check = { name: 'users', mask: [] };
/** One small node after another, the parser's costliest shape, under the 1 MiB cap. */
const users = (last: string) => ({
  list: Array.from({ length: 9000 }, (_, i) => ({ n: i, name: i === 8999 ? last : `user ${i}` })),
});

it('compares a snapshot file over 64 KiB parsed on a worker thread, and finds a change', async () => {
  await runSnapshotCheck(place, check, { value: users('Zoe') }, 'the body');
  const file = join(folder, '__snapshots__', 'users.yaml');
  expect(statSync(file).size).toBeGreaterThan(300 * 1024);
  // Written to stand for a file from the collection: the check must not have it cached.
  writeFileSync(file, readFileSync(file, 'utf8'));

  workers.length = 0;
  const same = await runSnapshotCheck(place, check, { value: users('Zoe') }, 'the body');
  expect(same).toMatchObject({ passed: true, actual: 'the same' });
  // Parsed on a worker, given the file's text: inline, this file held the thread about a second.
  expect(workers.map((w) => w.text)).toEqual([readFileSync(file, 'utf8')]);

  const changed = await runSnapshotCheck(place, check, { value: users('Zed') }, 'the body');
  expect(changed.passed).toBe(false);
  expect(changed.actual).toMatch(/^1 difference: list\[8999\]\.name: "Zoe" → "Zed"\./);
}, 60_000);
