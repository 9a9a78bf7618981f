// The items of a collection folder in the collection's order: the names listed in collection.yaml
// (at the root) or folder.yaml (in a sub-folder) `order` first, then the rest by name. The
// Collections tab and the runner both read a folder through walkCollection, so the order a person
// sets is the order a run follows.
import type { Dirent } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import {
  COLLECTION_FILE,
  CollectionFile,
  FOLDER_FILE,
  FolderFile,
  SNAPSHOTS_DIR,
} from '../../../src-shared/collections/format';
import type { FileProblem } from '../../../src-shared/contract';
import { FILES_DIR, isIgnoredName, isScenarioName, itemPath } from './collection-paths';
import type { z } from 'zod';
import { parseFolderText, type Parsed } from './parse-file';
import { OFF_THREAD_BYTES, parseOffThread } from './parse-off-thread';
import { readCollectionFile } from './read-collection-file';
import { parseCollectionChecked, withVariableSecrets } from './secret-check';

export interface TreeEntry {
  /** From the collection's folder, with `/` between names. */
  path: string;
  kind: 'scenario' | 'folder';
  children?: TreeEntry[];
}

interface CollectionTree {
  /** The collection's name: collection.yaml's, else the folder's. */
  name: string;
  /** collection.yaml as read (null when missing or broken). */
  own: CollectionFile | null;
  entries: TreeEntry[];
  /** Problems of collection.yaml and the folder.yaml files. */
  problems: FileProblem[];
}

/** `names` in `order` first (those that exist), then the rest by name. */
export function applyOrder(names: readonly string[], order: readonly string[] = []): string[] {
  const listed = order.filter((name, i) => names.includes(name) && order.indexOf(name) === i);
  const rest = names
    .filter((name) => !listed.includes(name))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  return [...listed, ...rest];
}

async function readOrder(
  folder: string,
  dir: string,
  file: string,
  problems: FileProblem[],
): Promise<{ own: CollectionFile | null; order: string[] }> {
  const path = itemPath(folder, join(dir, file));
  const read = await readCollectionFile(folder, join(dir, file));
  if ('missing' in read) return { own: null, order: [] };
  if ('problem' in read) {
    problems.push({ file: path, line: 0, message: read.problem });
    return { own: null, order: [] };
  }
  const parsed = await parseOrderFile(path, file === COLLECTION_FILE, read.text);
  problems.push(...parsed.problems);
  return { own: parsed.value, order: parsed.value?.order ?? [] };
}

/** collection.yaml or a folder.yaml parsed; a large one on a worker thread (parse-off-thread.ts). */
async function parseOrderFile(
  path: string,
  isCollection: boolean,
  text: string,
): Promise<Parsed<CollectionFile | z.output<typeof FolderFile>>> {
  if (text.length <= OFF_THREAD_BYTES)
    return isCollection ? parseCollectionChecked(path, text) : parseFolderText(path, text);
  if (!isCollection) return parseOffThread(FolderFile, path, text);
  return withVariableSecrets(path, await parseOffThread(CollectionFile, path, text));
}

const isFile = (path: string) =>
  stat(path).then(
    (info) => info.isFile(),
    () => false,
  );

/** The files a request sends and the snapshots are kept at the root, not listed as folders. */
const isListedFolder = (entry: Dirent, atRoot: boolean) =>
  entry.isDirectory() && !(atRoot && (entry.name === FILES_DIR || entry.name === SNAPSHOTS_DIR));

/** The entries of `dir` that are items of the collection (scenario files and sub-folders). */
export async function itemEntries(folder: string, dir: string): Promise<Dirent[]> {
  const atRoot = resolve(dir) === resolve(folder);
  const listing = await readdir(dir, { withFileTypes: true });
  // Symbolic links are not followed: one could lead out of the folder, or back into it forever.
  return listing.filter(
    (e) =>
      !isIgnoredName(e.name) &&
      (isListedFolder(e, atRoot) || (e.isFile() && isScenarioName(e.name))),
  );
}

async function walkDir(
  folder: string,
  dir: string,
  problems: FileProblem[],
): Promise<{ own: CollectionFile | null; entries: TreeEntry[] }> {
  const atRoot = dir === folder;
  const kept = await itemEntries(folder, dir);
  const { own, order } = await readOrder(
    folder,
    dir,
    atRoot ? COLLECTION_FILE : FOLDER_FILE,
    problems,
  );
  const byName = new Map(kept.map((e) => [e.name, e]));
  const entries: TreeEntry[] = [];
  for (const name of applyOrder([...byName.keys()], order)) {
    const entry = byName.get(name) as Dirent;
    const full = join(dir, name);
    if (entry.isDirectory()) {
      // A folder with a collection.yaml of its own is another collection (examples/endpoint-check/
      // in examples/): it has its own variables and runs on its own, not as part of this one.
      if (await isFile(join(full, COLLECTION_FILE))) continue;
      const inner = await walkDir(folder, full, problems);
      entries.push({ path: itemPath(folder, full), kind: 'folder', children: inner.entries });
    } else entries.push({ path: itemPath(folder, full), kind: 'scenario' });
  }
  return { own, entries };
}

export async function walkCollection(folder: string): Promise<CollectionTree> {
  const problems: FileProblem[] = [];
  const { own, entries } = await walkDir(folder, folder, problems);
  return { name: own?.name ?? basename(folder), own, entries, problems };
}

/** The scenario paths of a tree, depth first, in order. */
export function scenarioPaths(entries: readonly TreeEntry[]): string[] {
  return entries.flatMap((e) => (e.kind === 'folder' ? scenarioPaths(e.children ?? []) : [e.path]));
}
