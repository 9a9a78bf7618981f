// The journal's index at open: the index saved beside the journal (journal-sidecar.ts) when there
// is one, the newest records read at once (the newest page is there), and what is left between the
// two for the background build (journal-index-build.ts). Also the index saved again, as it grows.
import { entryOf, IndexColumns, newDictionaries, type Dictionaries } from './journal-index';
import { LineScanner, lineStartFrom } from './journal-lines';
import { loadSidecar, partlyBuilt, sidecarPath, writeSidecar } from './journal-sidecar';
import { sortBySeqKeepingText, textFilterOf } from './block-text-filter';

/** Lines that could not be read: in the part indexed from the start, and in the newest records. */
interface Unreadable {
  fromStart: number;
  tail: number;
}

interface OpenedIndex {
  dictionaries: Dictionaries;
  /** Entries from the start of the file: the saved index's, then the background build's. */
  early: IndexColumns;
  /** The newest records read at open, then every record appended. */
  late: IndexColumns;
  unreadable: Unreadable;
  /** Bytes the saved index covered (0 without one). */
  covered: number;
  /** The lines between the saved index and the newest records, for the background build. */
  rest: LineScanner | null;
  /** The highest seq indexed. */
  lastSeq: number;
}

/** Indexes each line into `target`; one that is not a record is counted in `unreadable[count]`. */
export type IndexLine = (chunk: Buffer, start: number, stop: number, offset: number) => void;

export function lineIndexer(
  target: IndexColumns,
  dictionaries: Dictionaries,
  unreadable: Unreadable,
  count: keyof Unreadable,
): IndexLine {
  return (chunk, start, stop, offset) => {
    let value: unknown;
    try {
      value = JSON.parse(chunk.toString('utf8', start, stop));
    } catch {
      unreadable[count]++;
      return;
    }
    const entry = entryOf(value, offset, stop - start, dictionaries);
    if (!entry) {
      unreadable[count]++;
      return;
    }
    target.push(entry);
    textFilterOf(target).addBytes(target.length - 1, chunk, start, stop);
  };
}

/**
 * Reads the index of the journal at `path` (`readFd`, `size` bytes): the saved one, then the newest
 * `tailBytes` at once. `notice` hears of a saved index that could not be used or covers only part.
 */
export function openIndex(
  path: string,
  readFd: number,
  size: number,
  tailBytes: number,
  notice: ((message: string) => void) | undefined,
): OpenedIndex {
  const saved = loadSidecar(sidecarPath(path), readFd, size);
  if (saved.problem && notice) notice(`${saved.problem} It is being rebuilt from ${path}.`);
  const dictionaries = saved.index?.dictionaries ?? newDictionaries();
  const early = saved.index?.columns ?? new IndexColumns();
  const covered = saved.index?.covered ?? 0;
  const late = new IndexColumns();
  // A partial index saved during the build holds the count from the start only.
  const unreadable: Unreadable = { fromStart: saved.index?.unreadable ?? 0, tail: 0 };

  const tailFrom =
    size - covered <= tailBytes ? covered : lineStartFrom(readFd, size - tailBytes, size);
  const tail = new LineScanner(readFd, tailFrom, size);
  const indexLate = lineIndexer(late, dictionaries, unreadable, 'tail');
  while (tail.step(indexLate));
  sortBySeqKeepingText(late);
  let rest: LineScanner | null =
    covered < tailFrom ? new LineScanner(readFd, covered, tailFrom) : null;
  if (rest && late.length === 0) {
    // No record in the newest bytes (rare): the last seq is further back, and the build cannot wait.
    const indexEarly = lineIndexer(early, dictionaries, unreadable, 'fromStart');
    while (rest.step(indexEarly));
    rest = null;
  }
  sortBySeqKeepingText(early);
  if (rest && covered > 0) notice?.(partlyBuilt(path, covered, size));
  const newest = late.length > 0 ? late : early;
  const lastSeq = newest.length > 0 ? newest.seq[newest.length - 1]! : 0;
  return { dictionaries, early, late, unreadable, covered, rest, lastSeq };
}

/**
 * Saves the index beside the journal: the whole of it, or, while the background build runs (it is
 * at `built` bytes), the part read from the start. A failure is told, never thrown: the next start
 * builds the index again.
 */
export function saveIndex(
  path: string,
  readFd: number,
  index: OpenedIndex,
  state: { built: number | null; size: number },
  notice: ((message: string) => void) | undefined,
): void {
  const { built, size } = state;
  if (built !== null && built <= index.covered) return; // nothing more than the saved one holds
  const whole = built === null;
  try {
    writeSidecar(sidecarPath(path), readFd, {
      columns: whole ? [index.early, index.late] : [index.early],
      dictionaries: index.dictionaries,
      covered: whole ? size : built,
      unreadable: index.unreadable.fromStart + (whole ? index.unreadable.tail : 0),
    });
  } catch (err) {
    notice?.(
      `The index of ${path} could not be saved (${(err as Error).message}); it is built again at the next start.`,
    );
  }
}
