// node:worker_threads with its Worker watched: each one made is noted with the text it was given
// to parse. For the tests that show a large file is parsed off the engine's thread (a fact about
// where the work runs, told without timing the thread, which a busy machine makes unreliable).
import type * as WorkerThreads from 'node:worker_threads';

/** What a test sees of each worker made: the text in its workerData, if any. */
export interface WatchedWorker {
  text: string | undefined;
}

// Imported inside vi.mock factories, which the unused-exports check cannot see.
/** The module to give vi.mock('node:worker_threads', ...): the real one, its Worker noted in `seen`. */
// ts-unused-exports:disable-next-line
export async function watchedWorkerThreads(
  importOriginal: () => Promise<typeof WorkerThreads>,
  seen: WatchedWorker[],
): Promise<typeof WorkerThreads> {
  const real = await importOriginal();
  class Watched extends real.Worker {
    constructor(code: string | URL, options?: WorkerThreads.WorkerOptions) {
      super(code, options);
      const data = options?.workerData as { text?: unknown } | undefined;
      seen.push({ text: typeof data?.text === 'string' ? data.text : undefined });
    }
  }
  return { ...real, Worker: Watched };
}
