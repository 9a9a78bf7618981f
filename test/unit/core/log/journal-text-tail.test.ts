// The full-text filter of new records is filled with the engine's spare time: not while the event
// loop is half busy (a burst limited by its sender, on a busy machine), and at once when it idles.
import { closeSync, openSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  entryOf,
  IndexColumns,
  newDictionaries,
} from '../../../../src-main/core/log/journal-index';
import { followTextTail, type TextTail } from '../../../../src-main/core/log/journal-text-tail';
import { tempDir } from '../../../helpers/core-fixture';
import { waitFor } from '../../../helpers/wait-for';

const COUNT = 50;
let tail: TextTail | undefined;
let fd: number | undefined;
afterEach(() => {
  tail?.stop();
  if (fd !== undefined) closeSync(fd);
  tail = fd = undefined;
});

/** A segment followed from empty, then given COUNT entries of a file, as appends give them. */
function followedSegment(loopUse: () => number) {
  const lines = Array.from({ length: COUNT }, (_, i) =>
    JSON.stringify({
      seq: i + 1,
      at: new Date(0).toISOString(),
      kind: 'system',
      summary: `record ${i + 1}`,
      system: { level: 'info', message: `needle ${i + 1}` },
    }),
  );
  const path = join(tempDir(), 'journal.ndjson');
  writeFileSync(path, `${lines.join('\n')}\n`);
  fd = openSync(path, 'r');
  const segment = new IndexColumns();
  tail = followTextTail(segment, fd, loopUse);
  const dicts = newDictionaries();
  let offset = 0;
  for (const line of lines) {
    const bytes = Buffer.byteLength(line);
    segment.push(entryOf(JSON.parse(line), offset, bytes, dicts)!);
    offset += bytes + 1;
  }
  return tail;
}

describe('the text filter of new records', () => {
  it('waits while the event loop is half busy, and catches up once it idles', async () => {
    let use = 0.5;
    let asked = 0;
    const following = followedSegment(() => {
      asked += 1;
      return use;
    });
    await waitFor('three looks at the load', () => (asked >= 3 ? true : undefined));
    expect(following.behind).toBe(COUNT);
    use = 0.05;
    await waitFor('the catch-up', () => (following.behind === 0 ? true : undefined));
  });
});
