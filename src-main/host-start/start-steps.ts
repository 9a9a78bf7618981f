// The parts a start-up has started, each with how to undo it, so that a failed start and a close
// both undo them in reverse: the engine before the sandbox it calls, the sandbox before the lock
// on the folder it writes, the lock before the temporary folder it sits in.

interface Undo {
  part: string;
  undo: () => void | Promise<void>;
}

export class StartSteps {
  private readonly done: Undo[] = [];
  private undoing: Promise<void> | undefined;

  /**
   * @param closeFailed told of each part that fails to close while the others still close;
   *   undefined: undoAll rejects with the first failure once every part has been tried.
   */
  constructor(private readonly closeFailed?: (part: string, err: unknown) => void) {}

  started(part: string, undo: () => void | Promise<void>): void {
    this.done.push({ part, undo });
  }

  /** Runs the start; when it fails, undoes what it had started and rethrows its failure. */
  async undoIfFails<T>(start: () => Promise<T>): Promise<T> {
    try {
      return await start();
    } catch (err) {
      // The start's own failure is the one to tell: one while undoing would only hide it.
      await this.undoEach(() => undefined);
      throw err;
    }
  }

  /** Undoes every part, newest first; safe to call twice (the second waits for the first). */
  undoAll(): Promise<void> {
    return (this.undoing ??= (async () => {
      let first: { err: unknown } | undefined;
      await this.undoEach(
        this.closeFailed ??
          ((_part, err) => {
            first ??= { err };
          }),
      );
      if (first) throw first.err;
    })());
  }

  private async undoEach(failed: (part: string, err: unknown) => void): Promise<void> {
    for (let step = this.done.pop(); step; step = this.done.pop()) {
      const { part, undo } = step;
      try {
        await undo();
      } catch (err) {
        failed(part, err);
      }
    }
  }
}
