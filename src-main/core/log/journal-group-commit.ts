// Group commit (journal.ts's appendGrouped): the records appended in one turn of the event loop
// wait here and are written with one write, and each caller acknowledges its record only once
// `written` has resolved, after that write. A group holds at most `limit` records: a group is
// answered only once it is written, so a larger one keeps every sender waiting for the last of it.

/** Writes the group's records and their lines, in order, with one write; throws when it failed. */
type WriteGroup<R> = (records: R[], lines: string[]) => void;
/** Hears of records once they are written (a failure there is not a failed write). */
type WrittenGroup<R> = (records: R[], lines: string[]) => void;

export class GroupCommit<R> {
  private records: R[] = [];
  private lines: string[] = [];
  private settle: { resolve: () => void; reject: (err: unknown) => void } | null = null;
  private written: Promise<void> | null = null;

  constructor(
    private readonly limit: number,
    private readonly write: WriteGroup<R>,
    private readonly told: WrittenGroup<R> = () => undefined,
  ) {}

  /** Records are waiting for their write. */
  get waiting(): boolean {
    return this.settle !== null;
  }

  /**
   * Before a record is numbered: a full group waits for no one, it is written now and the next
   * record starts another (a listener of the written ones may append: their records come first).
   */
  makeRoom(): void {
    if (this.records.length >= this.limit) this.flush();
  }

  /** Adds a numbered record and its line; the promise resolves once they are written. */
  add(record: R, line: string): Promise<void> {
    this.records.push(record);
    this.lines.push(line);
    if (!this.written) {
      this.written = new Promise<void>((resolve, reject) => (this.settle = { resolve, reject }));
      // Each caller awaits it; this only keeps a failed write from being an unhandled rejection.
      this.written.catch(() => undefined);
      // After the I/O callbacks of this turn: every delivery whose body ended in it is here.
      setImmediate(this.flush);
    }
    // A full group is written once the code that filled it is done, not at the turn's end.
    if (this.records.length === this.limit) queueMicrotask(this.flush);
    return this.written;
  }

  /** Writes the waiting records now (in order, before anything appended after them). */
  readonly flush = (): void => {
    const done = this.settle;
    if (!done) return;
    const { records, lines } = this;
    this.records = [];
    this.lines = [];
    this.settle = null;
    this.written = null;
    try {
      this.write(records, lines);
    } catch (err) {
      done.reject(err);
      return;
    }
    // Before the callers go on (their continuations run after this): the listeners hear first.
    try {
      this.told(records, lines);
    } finally {
      done.resolve();
    }
  };
}
