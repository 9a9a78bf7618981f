// The `order` of a folder's items, kept in its collection.yaml (the root) or folder.yaml (a
// sub-folder). Written through the YAML document, so the file's other keys and comments stay.
import { writeFile } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import type { Document } from 'yaml';
import { yaml } from '../common/lazy-packages';
import { COLLECTION_FILE, FOLDER_FILE } from '../../../src-shared/collections/format';
import { CommandError } from '../../../src-shared/contract';
import { resolveInside } from './collection-paths';
import { applyOrder, itemEntries } from './collection-tree';
import { MAX_ALIAS_COUNT } from './parse-file';
import { readCollectionFile } from './read-collection-file';

const parentOf = (path: string) => (path.includes('/') ? dirname(path) : '');
const orderFileOf = (dir: string) => (dir === '' ? COLLECTION_FILE : `${dir}/${FOLDER_FILE}`);

async function readOrderDoc(folder: string, dir: string) {
  const path = orderFileOf(dir);
  const full = await resolveInside(folder, path);
  // Read as every collection file is: within the size cap, never through a link out.
  const read = await readCollectionFile(folder, full);
  if ('problem' in read)
    throw new CommandError({
      code: 'invalid_input',
      message: `${path}: ${read.problem} The order is kept in this file, so it cannot be changed until then.`,
    });
  const parsed = yaml().parseDocument('text' in read ? read.text : '');
  const doc: Document = parsed.contents === null ? new (yaml().Document)({}) : parsed;
  if (parsed.errors.length > 0) return { path, full, doc: null, order: [] as string[] };
  let list: unknown;
  try {
    list = (doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT }) as { order?: unknown } | null)?.order;
  } catch {
    // Too many aliases: listed with the collection's problems, and not written to.
    return { path, full, doc: null, order: [] as string[] };
  }
  return {
    path,
    full,
    doc,
    order: Array.isArray(list) ? list.map(String) : [],
  };
}

async function writeOrder(folder: string, dir: string, order: string[]): Promise<string> {
  const file = await readOrderDoc(folder, dir);
  if (!file.doc)
    throw new CommandError({
      code: 'invalid_input',
      message: `${file.path} is not valid YAML, so the order cannot be kept in it: fix the file (its problem is listed with the collection), then reorder again.`,
    });
  file.doc.set('order', file.doc.createNode(order, { flow: false }));
  await writeFile(file.full, String(file.doc));
  return file.path;
}

async function orderedNames(folder: string, dir: string, order: string[]): Promise<string[]> {
  const entries = await itemEntries(folder, await resolveInside(folder, dir || '.'));
  return applyOrder(
    entries.map((e) => e.name),
    order,
  );
}

/** Sets the order of `dir`'s items ('' for the root); answers the file written. */
export async function setOrder(folder: string, dir: string, order: string[]): Promise<string> {
  const names = await orderedNames(folder, dir, []);
  const unknown = order.filter((name) => !names.includes(name));
  if (unknown.length > 0)
    throw new CommandError({
      code: 'not_found',
      message: `${unknown.join(', ')} ${unknown.length > 1 ? 'are' : 'is'} not in ${dir || "the collection's root"}: reload the collection and reorder again.`,
    });
  return writeOrder(folder, dir, order);
}

/**
 * After a rename inside one folder, the item keeps its place: its new name takes the old one's
 * in the order, which is written out in full when the new name would sort elsewhere. Answers the
 * order files written.
 */
export async function moveInOrder(folder: string, from: string, to: string): Promise<string[]> {
  const dir = parentOf(from);
  if (dir !== parentOf(to)) return [];
  const [oldName, newName] = [basename(from), basename(to)];
  const file = await readOrderDoc(folder, dir);
  if (!file.doc) return [];
  const swap = (names: string[]) => names.map((n) => (n === oldName ? newName : n));
  // The folder is listed as it is now (renamed already); the old order puts the old name where
  // the new one must now stand.
  const now = await orderedNames(folder, dir, []);
  const wanted = swap(
    applyOrder(
      now.map((n) => (n === newName ? oldName : n)),
      file.order,
    ),
  );
  const before = applyOrder(now, swap(file.order));
  const sameAsWanted = before.join('\n') === wanted.join('\n');
  const listed = file.order.includes(oldName);
  if (sameAsWanted && !listed) return [];
  return [await writeOrder(folder, dir, sameAsWanted ? swap(file.order) : wanted)];
}
