// Writes the state file as the state changes, not only at a clean exit, so that a QA session
// survives a crash of the process too (docs/sandbox.md, The state file). The first change arms a
// short timer and every change until it fires rides on the same write, so a burst of requests costs
// one write and a crash loses at most the last `delayMs`. Writes go one at a time, each written
// aside and renamed into place (saveState), so the file on disk is always a whole one.
import { saveState } from './persist';
import type { Store } from './store';

/** How long after a change the state file is written. */
const STATE_WRITE_DELAY_MS = 200;

export interface StateWriter {
  readonly file: string;
  /** The state changed: the file is written within the delay. */
  changed(): void;
  /** Writes now, after any write under way (to `file`, or to the state file). */
  save(file?: string): Promise<void>;
  /** Writes what is pending; later changes are not written. */
  close(): Promise<void>;
}

export function createStateWriter(
  store: Store,
  file: string,
  { delayMs = STATE_WRITE_DELAY_MS, onError = (_err: unknown) => {} } = {},
): StateWriter {
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  let last: Promise<void> = Promise.resolve();

  const enqueue = (target: string): Promise<void> => {
    const write = last.then(() => saveState(store, target));
    last = write.catch(() => undefined);
    return write;
  };
  const writeNow = (): Promise<void> => {
    clearTimeout(timer);
    timer = undefined;
    return enqueue(file);
  };

  return {
    file,
    changed() {
      if (closed || timer) return;
      timer = setTimeout(() => void writeNow().catch(onError), delayMs);
    },
    save: (target) => (target === undefined || target === file ? writeNow() : enqueue(target)),
    close() {
      closed = true;
      return writeNow();
    },
  };
}
