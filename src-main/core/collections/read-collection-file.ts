// Reading one of a collection's own files (a scenario, collection.yaml, folder.yaml), which may come
// from anyone: never through a symbolic link that leads out of the collection's folder (its name
// and variables would come from elsewhere), and never a file larger than a collection file needs
// to be (a 30 MB scenario held the engine some 10 s while it parsed). The size is read before the
// bytes. What keeps a file from being read is a problem in words, for that file alone.
import { open, stat } from 'node:fs/promises';
import { isInside, realOrPlanned } from './collection-paths';

/** 1 MiB: some thousands of steps, far more than a scenario written by hand. */
export const MAX_COLLECTION_FILE_BYTES = 1024 * 1024;

type FileRead = { text: string } | { problem: string } | { missing: true };

const mib = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;

const tooLarge = (bytes: number) =>
  `This file is ${bytes > MAX_COLLECTION_FILE_BYTES + 1 ? mib(bytes) : 'larger than that'}, over the ${mib(MAX_COLLECTION_FILE_BYTES)} a collection file may be: it is not read. Split it into smaller scenario files.`;

async function readAtMost(file: string, limit: number): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.allocUnsafe(limit);
    let length = 0;
    while (length < limit) {
      const { bytesRead } = await handle.read(buffer, length, limit - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    return buffer.subarray(0, length);
  } finally {
    await handle.close();
  }
}

/** The text of `full`, a file of the collection at `folder`, or why it is not read. */
export async function readCollectionFile(folder: string, full: string): Promise<FileRead> {
  const real = await realOrPlanned(full);
  if (!isInside(await realOrPlanned(folder), real))
    return {
      problem: `This file is a link to ${real}, outside the collection's folder: a collection's files are read only from inside it. Copy the file into the folder instead of linking to it.`,
    };
  const info = await stat(real).catch((err: NodeJS.ErrnoException) => err);
  if (info instanceof Error)
    return info.code === 'ENOENT'
      ? { missing: true }
      : { problem: `This file cannot be read: ${info.message}. Check its permissions.` };
  if (!info.isFile())
    return { problem: 'This is not a plain file (a folder, a device or a pipe): it is not read.' };
  if (info.size > MAX_COLLECTION_FILE_BYTES) return { problem: tooLarge(info.size) };
  // Read up to one byte past the cap: a file that grew since its size was read is refused too.
  const bytes = await readAtMost(real, MAX_COLLECTION_FILE_BYTES + 1).catch((err: Error) => err);
  if (bytes instanceof Error)
    return { problem: `This file cannot be read: ${bytes.message}. Check its permissions.` };
  if (bytes.length > MAX_COLLECTION_FILE_BYTES) return { problem: tooLarge(bytes.length) };
  const text = bytes.toString('utf8');
  return { text };
}
