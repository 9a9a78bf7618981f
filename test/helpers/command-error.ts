// What a command rejected with, for tests that assert on the error's code and words. Anything but a
// CommandError (a crash, a TypeError) is rethrown, so it fails the test as itself.
import { CommandError } from '../../src-shared/contract';

export async function errorOf(p: Promise<unknown>): Promise<CommandError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof CommandError) return err;
    throw err;
  }
  throw new Error('expected a CommandError');
}
