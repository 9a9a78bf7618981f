// The index at open and the background build on their own: the newest records read at once and the
// rest left to the build, which yields between slices, saves as it goes and says when it is done;
// an unreadable line counted, not indexed; the saved index used at the next open.
import { existsSync, openSync, closeSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { IndexBuild } from '../../../../src-main/core/log/journal-index-build';
import {
  lineIndexer,
  openIndex,
  saveIndex,
} from '../../../../src-main/core/log/journal-open-index';
import { sidecarPath } from '../../../../src-main/core/log/journal-sidecar';
import { tempDir } from '../../../helpers/core-fixture';
import { waitFor } from '../../../helpers/wait-for';

const line = (seq: number, pad: number) =>
  JSON.stringify({
    seq,
    at: new Date(seq * 1000).toISOString(),
    kind: 'system',
    summary: `record ${seq} ${'x'.repeat(pad)}`,
    system: { level: 'info', message: `record ${seq}` },
  });

const fds: number[] = [];
afterEach(() => {
  for (const fd of fds.splice(0)) closeSync(fd);
});

/** A journal of `count` records (and one line that is not JSON after the first). */
function journalFile(count: number, pad = 200) {
  const path = join(tempDir(), 'journal.ndjson');
  const lines = Array.from({ length: count }, (_, i) => line(i + 1, pad));
  lines.splice(1, 0, '{not json');
  writeFileSync(path, `${lines.join('\n')}\n`);
  const fd = openSync(path, 'r');
  fds.push(fd);
  return { path, fd, size: statSync(path).size };
}

describe('the index at open', () => {
  it('reads the newest records at once and leaves the rest to the build', () => {
    const { path, fd, size } = journalFile(100);
    const index = openIndex(path, fd, size, 4096, undefined);
    expect(index.lastSeq).toBe(100);
    expect(index.late.length).toBeGreaterThan(0);
    expect(index.late.length).toBeLessThan(100);
    expect(index.early.length).toBe(0);
    expect(index.rest?.position).toBe(0);
    expect(index.late.seq[index.late.length - 1]).toBe(100);
  });

  it('builds the rest in slices, saving as it goes, counting the unreadable line, then says it is done', async () => {
    // Past the scanner's 4 MB chunk, so that the build takes more than one slice.
    const { path, fd, size } = journalFile(400, 20_000);
    const index = openIndex(path, fd, size, 50_000, undefined);
    const notices: string[] = [];
    let saves = 0;
    let finished = false;
    const build = new IndexBuild(
      index.rest!,
      lineIndexer(index.early, index.dictionaries, index.unreadable, 'fromStart'),
      {
        sliceMs: 0,
        saveEveryBytes: 1,
        save: () => {
          saves += 1;
          saveIndex(path, fd, index, { built: build.progress.done, size }, (m) => notices.push(m));
        },
        finished: () => (finished = true),
      },
    );
    build.start(0);
    await waitFor('the build to finish', () => (finished ? true : undefined));
    expect(index.early.length + index.late.length).toBe(400);
    expect(index.unreadable).toEqual({ fromStart: 1, tail: 0 });
    expect(build.progress.done).toBe(build.progress.total);
    expect(saves).toBeGreaterThan(0);
    expect(notices).toEqual([]);
    expect(existsSync(sidecarPath(path))).toBe(true);
  });

  it('stops when asked, and the next open takes the whole saved index', async () => {
    const { path, fd, size } = journalFile(300);
    const first = openIndex(path, fd, size, 4096, undefined);
    const build = new IndexBuild(
      first.rest!,
      lineIndexer(first.early, first.dictionaries, first.unreadable, 'fromStart'),
      { sliceMs: 25, saveEveryBytes: 1e9, save: () => undefined, finished: () => undefined },
    );
    build.start(60_000);
    build.stop();
    expect(first.early.length).toBe(0);
    // Indexed whole at once here, then saved: the next open reads nothing but the saved index.
    while (
      first.rest!.step(lineIndexer(first.early, first.dictionaries, first.unreadable, 'fromStart'))
    );
    saveIndex(path, fd, first, { built: null, size }, undefined);
    const again = openIndex(path, fd, size, 4096, undefined);
    expect(again.covered).toBe(size);
    expect(again.rest).toBeNull();
    expect(again.early.length).toBe(300);
    expect(again.lastSeq).toBe(300);
    expect(again.unreadable.fromStart).toBe(1);
  });
});
