// Where a collection's item lives on disk. Every path a command names is resolved here, so no
// command reads or writes outside the folder the person opened: `..`, absolute paths and symbolic
// links that lead out of it are refused.
import { realpath } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import {
  COLLECTION_FILE,
  FOLDER_FILE,
  SCENARIO_EXTENSIONS,
} from '../../../src-shared/collections/format';
import { CommandError } from '../../../src-shared/contract';

/** Holds the bytes of files saved with requests (collections.saveRequest); not listed as a folder. */
export const FILES_DIR = 'files';

export const isScenarioName = (name: string) =>
  SCENARIO_EXTENSIONS.some((ext) => name.endsWith(ext)) &&
  name !== COLLECTION_FILE &&
  name !== FOLDER_FILE;

/** Hidden files and an editor's temporary files are not part of a collection. */
export const isIgnoredName = (name: string) =>
  name.startsWith('.') || name.endsWith('~') || name.endsWith('.swp');

/** `a/b.yaml` from an absolute path under `folder`. */
export function itemPath(folder: string, full: string): string {
  return relative(folder, full).split(sep).join('/');
}

function isInside(root: string, full: string): boolean {
  const rel = relative(root, full);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/** The deepest existing ancestor's real path, joined with the part that does not exist yet. */
async function realOrPlanned(full: string): Promise<string> {
  try {
    return await realpath(full);
  } catch {
    const parent = dirname(full);
    if (parent === full) return full;
    return join(await realOrPlanned(parent), full.slice(parent.length + 1));
  }
}

/**
 * The absolute path of `path` inside `folder`, refused (code `forbidden`) when it would leave
 * the folder, directly or through a symbolic link.
 */
export async function resolveInside(folder: string, path: string): Promise<string> {
  const parts = path.split(/[\\/]+/).filter((p) => p !== '' && p !== '.');
  const leaves = () =>
    new CommandError({
      code: 'forbidden',
      message: `${path} is outside the collection's folder ${folder}: name a file or folder inside it, without .. or a link that leads out.`,
    });
  if (isAbsolute(path) || /^[A-Za-z]:/.test(path) || parts.includes('..')) throw leaves();
  const full = resolve(folder, ...parts);
  const root = await realOrPlanned(resolve(folder));
  if (!isInside(root, await realOrPlanned(full))) throw leaves();
  return full;
}
