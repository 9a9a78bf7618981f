// singleFlight: callers that ask while a task for their key runs share it (one token request, one
// fetch of the sandbox's key for a burst of deliveries); once it settles, the next caller starts
// another.
import { describe, expect, it } from 'vitest';
import { singleFlight } from '../../../../src-main/core/common/single-flight';

/** A task that settles when the test says. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

describe('singleFlight', () => {
  it('runs one task for the callers of a key while it runs, another once it has settled', async () => {
    const run = singleFlight<string>();
    const first = deferred<string>();
    let started = 0;
    const task = () => {
      started += 1;
      return first.promise;
    };
    const callers = Array.from({ length: 10 }, () => run('key', task));
    const other = run('other key', () => Promise.resolve('other'));
    expect(started).toBe(1);
    first.resolve('pem');
    expect(await Promise.all(callers)).toEqual(Array(10).fill('pem'));
    expect(await other).toBe('other');
    expect(await run('key', () => Promise.resolve('again'))).toBe('again');
  });

  it('gives a failure to every caller that shared the task, and the next caller tries again', async () => {
    const run = singleFlight<string>();
    const failing = deferred<string>();
    const shared = [run('key', () => failing.promise), run('key', () => Promise.resolve('unused'))];
    failing.reject(new Error('sandbox down'));
    for (const p of shared) await expect(p).rejects.toThrow('sandbox down');
    expect(await run('key', () => Promise.resolve('back'))).toBe('back');
  });
});
