// The background build of a journal's index: the lines the saved index did not cover and the open
// did not read, indexed in slices that yield to other work (queries, deliveries), with the index
// saved every so many bytes so that a kill -9 in the middle of a long build keeps what was done.
import type { LineScanner } from './journal-lines';
import type { IndexLine } from './journal-open-index';

interface IndexBuildOptions {
  /** How long one slice runs before it yields. */
  sliceMs: number;
  /** The index is saved each time this many more bytes are indexed. */
  saveEveryBytes: number;
  /** Saves the index as it is (the build's position is `progress.done`). */
  save: () => void;
  /** The last line is indexed (not called after stop()). */
  finished: () => void;
}

export class IndexBuild {
  private stopped = false;
  private savedAt: number;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly lines: LineScanner,
    private readonly indexLine: IndexLine,
    private readonly options: IndexBuildOptions,
  ) {
    this.savedAt = lines.position;
  }

  /** How many of the journal's bytes are indexed, of how many. */
  get progress(): { done: number; total: number } {
    return { done: this.lines.position, total: this.lines.end };
  }

  /**
   * Starts after `delayMs`: after the opener's own start (a host awaits its servers and the
   * sandbox), since a slice between each of its steps would hold it back.
   */
  start(delayMs: number): void {
    this.timer = setTimeout(this.slice, delayMs);
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  private readonly slice = (): void => {
    this.timer = null;
    if (this.stopped) return;
    const until = performance.now() + this.options.sliceMs;
    while (this.lines.step(this.indexLine) && performance.now() < until);
    if (this.lines.done) {
      this.stopped = true;
      this.options.finished();
      return;
    }
    if (this.lines.position - this.savedAt >= this.options.saveEveryBytes) {
      this.savedAt = this.lines.position;
      this.options.save();
    }
    setImmediate(this.slice);
  };
}
