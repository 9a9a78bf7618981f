// An export written to a file as it is made (the desktop app's save dialog picks the file): a
// piece at a time, waiting for the disk, so memory stays a few MB whatever the session's size.
// Written aside and renamed into place, so a failure never leaves half a file under the chosen
// name (nor spoils a file that was there); a failure says what happened and what to do.
import { errorText } from '../../../src-shared/contract/errors';
import { randomBytes } from 'node:crypto';
import { createWriteStream, renameSync, rmSync, type WriteStream } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CommandError } from '../../../src-shared/contract';

export async function writeExportFile(
  target: string,
  chunks: AsyncIterable<string>,
  /** How the file is opened (a test's stands in for a disk that fills up). */
  open: (path: string) => WriteStream = (path) => createWriteStream(path, { flags: 'wx' }),
): Promise<{ bytes: number }> {
  const aside = join(
    dirname(target),
    `.${basename(target)}.${randomBytes(4).toString('hex')}.partial`,
  );
  let written = 0;
  const counted = async function* () {
    for await (const chunk of chunks) {
      yield chunk;
      written += Buffer.byteLength(chunk);
    }
  };
  const out = open(aside);
  try {
    await pipeline(Readable.from(counted()), out);
    renameSync(aside, target);
    return { bytes: written };
  } catch (err) {
    rmSync(aside, { force: true });
    throw exportWriteError(err, target, written);
  }
}

/** A failure to write `target`, in words: what happened and what to do. */
function exportWriteError(err: unknown, target: string, written = 0): CommandError {
  if (err instanceof CommandError) return err;
  const code = (err as NodeJS.ErrnoException | null)?.code;
  const dir = dirname(target);
  const after = written > 0 ? ` after ${mb(written)}` : '';
  switch (code) {
    case 'ENOSPC':
    case 'EDQUOT':
      return new CommandError({
        code: 'conflict',
        message: `The disk holding ${dir} is full${code === 'EDQUOT' ? ' (your quota there is used up)' : ''}: the export stopped${after} and the partial file was removed. Free some space there, or save the export on another disk, then export again.`,
      });
    case 'EACCES':
    case 'EPERM':
      return new CommandError({
        code: 'forbidden',
        message: `TP Inspector may not write ${target} (permission denied), so nothing was saved. Save the export in a folder you can write to (Downloads or Documents), or change that folder's permissions.`,
      });
    case 'EROFS':
      return new CommandError({
        code: 'forbidden',
        message: `${dir} is on a read-only disk, so nothing was saved. Save the export somewhere else.`,
      });
    case 'ENOENT':
    case 'ENOTDIR':
      return new CommandError({
        code: 'not_found',
        message: `The folder ${dir} does not exist (any more), so nothing was saved. Pick a folder that exists.`,
      });
    case 'EISDIR':
      return new CommandError({
        code: 'invalid_input',
        message: `${target} is a folder, so nothing was saved. Give the export a file name.`,
      });
    default:
      return new CommandError({
        code: 'internal',
        message: `The export could not be written to ${target}${after}: ${errorText(err)}. The partial file was removed. Try another place, or export again.`,
      });
  }
}

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
