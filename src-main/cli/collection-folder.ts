// Which collection a path on the command line belongs to: the nearest folder above it holding
// collection.yaml (so a scenario deep in a collection sees the collection's variables and order),
// else the folder given, or the file's own folder.
import { stat } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { COLLECTION_FILE, SCENARIO_EXTENSIONS } from '../../src-shared/collections/format';
import { UsageError } from './args';

export interface CollectionTarget {
  /** The collection's folder, absolute. */
  folder: string;
  /** What to run, from the collection's folder (RunRequest.paths); undefined: all of it. */
  paths?: string[];
}

async function kindOf(path: string): Promise<'file' | 'folder' | null> {
  const info = await stat(path).catch(() => null);
  if (!info) return null;
  return info.isDirectory() ? 'folder' : 'file';
}

async function nearestCollectionFolder(start: string): Promise<string | null> {
  for (let dir = start; ; dir = dirname(dir)) {
    if ((await kindOf(join(dir, COLLECTION_FILE))) === 'file') return dir;
    if (dirname(dir) === dir) return null;
  }
}

export async function findCollection(
  target: string,
  cwd = process.cwd(),
): Promise<CollectionTarget> {
  const absolute = resolve(cwd, target);
  const kind = await kindOf(absolute);
  if (kind === null) {
    throw new UsageError(
      `${target} does not exist: give a scenario file (.yaml) or a collection folder, e.g. npm run -s tp -- run examples.`,
    );
  }
  const isCollectionFile = kind === 'file' && absolute.endsWith(`${sep}${COLLECTION_FILE}`);
  if (kind === 'file' && !SCENARIO_EXTENSIONS.some((ext) => absolute.endsWith(ext))) {
    throw new UsageError(
      `${target} is not a scenario file: give a .yaml or .yml file, or the folder holding them.`,
    );
  }
  const start = kind === 'folder' ? absolute : dirname(absolute);
  const folder = (await nearestCollectionFolder(start)) ?? start;
  const inside = isCollectionFile ? relative(folder, start) : relative(folder, absolute);
  if (inside === '') return { folder };
  return { folder, paths: [inside.split(sep).join('/')] };
}
