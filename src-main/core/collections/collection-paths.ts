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

export function isInside(root: string, full: string): boolean {
  const rel = relative(root, full);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/** The deepest existing ancestor's real path, joined with the part that does not exist yet. */
export async function realOrPlanned(full: string): Promise<string> {
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

/**
 * A request step's `file: { path }`, written from its scenario's folder, as the real path of a file
 * inside the collection's folder; or why it is refused. A collection comes from anyone: a path with
 * `..`, an absolute one or a link that leads out would send any file the person can read.
 */
export async function stepFileInside(
  folder: string,
  scenarioFile: string,
  path: string,
): Promise<{ full: string } | { refused: string }> {
  const outside = (why: string) => ({
    refused: `the file ${path} is ${why}, outside the collection's folder: a step sends only files inside the collection. Copy the file into the folder and name it from the scenario's folder (files/cat.jpg).`,
  });
  if (isAbsolute(path) || /^[A-Za-z]:/.test(path) || /^[\\/]/.test(path))
    return outside('an absolute path');
  const full = resolve(dirname(scenarioFile), ...path.split(/[\\/]+/));
  if (!isInside(resolve(folder), full)) return outside('reached through ..');
  const real = await realOrPlanned(full);
  if (!isInside(await realOrPlanned(resolve(folder)), real)) return outside(`a link to ${real}`);
  return { full: real };
}
