// The data files a collection holds, for the Runner's Run with data…: its .csv and .json files,
// from its folder down, without following links (one could lead out of the folder, or loop) or
// entering hidden folders. Bounded, so a folder beside a large tree answers at once.
import type { Dirent } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { isIgnoredName, itemPath, walkCollection } from '../../collections';

const MAX_DEPTH = 4;
const MAX_DATA_FILES = 200;

const isDataName = (name: string) => /\.(csv|json)$/i.test(name);

async function listDir(folder: string, dir: string, depth: number, found: string[]) {
  const entries: Dirent[] = await readdir(dir, { withFileTypes: true }).catch(() => []);
  entries.sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }));
  for (const entry of entries) {
    if (found.length >= MAX_DATA_FILES) return;
    if (isIgnoredName(entry.name) || entry.name === 'node_modules') continue;
    const full = join(dir, entry.name);
    if (entry.isFile() && isDataName(entry.name)) found.push(itemPath(folder, full));
    else if (entry.isDirectory() && depth < MAX_DEPTH)
      await listDir(folder, full, depth + 1, found);
  }
}

/** The collection's data files, from its folder, and the one collection.yaml names (or null). */
export async function collectionDataFiles(
  folder: string,
): Promise<{ files: string[]; default: string | null }> {
  const files: string[] = [];
  await listDir(folder, folder, 0, files);
  const tree = await walkCollection(folder).catch(() => null);
  return { files, default: tree?.own?.data ?? null };
}
