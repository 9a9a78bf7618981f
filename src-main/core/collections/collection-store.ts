// The collections on disk, as the Collections tab edits them: open (or create) a folder, read and
// write its files with a version that catches a change made on disk meanwhile, and create, rename,
// duplicate, delete and reorder items. Every change made here is announced (`collections.changed`,
// origin `app`); the watchers announce the others.
import { createHash } from 'node:crypto';
import { cp, lstat, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { COLLECTION_FILE, FOLDER_FILE } from '../../../src-shared/collections/format';
import {
  CommandError,
  type CollectionFileText,
  type CollectionView,
  type FileProblem,
} from '../../../src-shared/contract';
import type { SettingsStore } from '../host-interface';
import { listRecent, recordRecent } from './collection-settings';
import { isScenarioName, resolveInside } from './collection-paths';
import { collectionView } from './collection-view';
import { createCollectionWatchers, type ChangedPayload } from './collection-watch';
import { readScenarioTextOffThread } from './load-collection';
import { MAX_COLLECTION_FILE_BYTES } from './read-collection-file';
import { parseFolderText } from './parse-file';
import { parseCollectionChecked } from './secret-check';
import { setOrder, moveInOrder } from './order-file';
import { uniqueCopyName } from './unique-names';

const versionOf = (bytes: Buffer | string) =>
  createHash('sha256').update(bytes).digest('hex').slice(0, 20);

async function problemsOf(path: string, text: string): Promise<FileProblem[]> {
  const name = basename(path);
  if (name === COLLECTION_FILE && !path.includes('/'))
    return parseCollectionChecked(path, text).problems;
  if (name === FOLDER_FILE) return parseFolderText(path, text).problems;
  // A large scenario parses on a worker thread, as when the collection is read.
  return (await readScenarioTextOffThread(path, text)).problems;
}

const exists = (full: string) =>
  lstat(full).then(
    () => true,
    () => false,
  );

const notFound = (folder: string, path: string) =>
  new CommandError({
    code: 'not_found',
    message: `There is no ${path} in the collection ${folder}: it may have been moved or deleted on disk. Reload the collection.`,
  });

export type CollectionStore = ReturnType<typeof createCollectionStore>;

export function createCollectionStore(deps: {
  settings: SettingsStore;
  emit: (change: ChangedPayload) => void;
}) {
  const watchers = createCollectionWatchers(deps.emit);
  const root = (folder: string) => resolve(folder);

  const changed = async (folder: string, paths: string[]) => {
    await watchers.appChanged(folder, paths);
    return collectionView(folder);
  };

  /** A path that must exist, inside the folder. */
  const existing = async (folder: string, path: string) => {
    const full = await resolveInside(folder, path);
    if (!(await exists(full))) throw notFound(folder, path);
    return full;
  };

  const fileText = async (folder: string, path: string): Promise<CollectionFileText> => {
    const full = await existing(folder, path);
    const size = (await stat(full).catch(() => null))?.size ?? 0;
    if (size > MAX_COLLECTION_FILE_BYTES)
      throw new CommandError({
        code: 'invalid_input',
        message: `${path} is ${(size / 1024 / 1024).toFixed(1)} MiB, over the 1 MiB a collection file may be: it is not opened. Split it into smaller scenario files in an editor.`,
      });
    const bytes = await readFile(full).catch((err: NodeJS.ErrnoException) => {
      throw new CommandError({
        code: err.code === 'EISDIR' ? 'invalid_input' : 'internal',
        message:
          err.code === 'EISDIR'
            ? `${path} is a folder: open one of the files in it.`
            : `${path} cannot be read: ${err.message}. Check the file's permissions.`,
      });
    });
    const text = bytes.toString('utf8');
    return { path, text, version: versionOf(bytes), problems: await problemsOf(path, text) };
  };

  return {
    root,
    recent: () => listRecent(deps.settings),

    async open(folderInput: string, create: boolean): Promise<CollectionView> {
      const folder = root(folderInput);
      const info = await stat(folder).catch(() => null);
      if (info && !info.isDirectory())
        throw new CommandError({
          code: 'invalid_input',
          message: `${folder} is a file, not a folder: pick the folder that holds the collection's files.`,
        });
      if (!info && !create)
        throw new CommandError({
          code: 'not_found',
          message: `There is no folder ${folder}. Pick an existing folder, or create a new collection there.`,
        });
      if (create) {
        await mkdir(folder, { recursive: true });
        const own = join(folder, COLLECTION_FILE);
        if (!(await exists(own)))
          await writeFile(own, `name: ${JSON.stringify(basename(folder))}\n`);
      }
      const view = await collectionView(folder);
      watchers.watch(folder);
      recordRecent(deps.settings, folder, view.name);
      return view;
    },

    view: (folder: string) => collectionView(root(folder)),

    read: (folder: string, path: string) => fileText(root(folder), path),

    async write(
      folderInput: string,
      input: { path: string; text: string; baseVersion?: string | undefined; overwrite: boolean },
    ): Promise<CollectionFileText> {
      const folder = root(folderInput);
      const { path } = input;
      const name = basename(path);
      if (!isScenarioName(name) && name !== COLLECTION_FILE && name !== FOLDER_FILE)
        throw new CommandError({
          code: 'invalid_input',
          message: `${path} is not a collection file: name it with .yaml or .yml at the end.`,
        });
      const full = await resolveInside(folder, path);
      const onDisk = await readFile(full).catch(() => null);
      if (input.baseVersion !== undefined) {
        if (onDisk === null || versionOf(onDisk) !== input.baseVersion)
          throw new CommandError({
            code: 'conflict',
            message: `${path} changed on disk since you opened it${onDisk === null ? ' (it was deleted)' : ''}. Reload it to see the change and edit again, or save again choosing to replace the file with your text.`,
          });
      } else if (onDisk !== null && !input.overwrite) {
        throw new CommandError({
          code: 'conflict',
          message: `${path} already exists in the collection: choose another name, or replace it.`,
        });
      }
      await mkdir(dirname(full), { recursive: true });
      await writeFile(full, input.text);
      await watchers.appChanged(folder, [path]);
      return fileText(folder, path);
    },

    async createFolder(folderInput: string, path: string) {
      const folder = root(folderInput);
      const full = await resolveInside(folder, path);
      if (await exists(full))
        throw new CommandError({
          code: 'conflict',
          message: `${path} already exists in the collection: choose another name.`,
        });
      await mkdir(full, { recursive: true });
      return changed(folder, [path]);
    },

    async rename(folderInput: string, from: string, to: string) {
      const folder = root(folderInput);
      const source = await existing(folder, from);
      const target = await resolveInside(folder, to);
      if (await exists(target))
        throw new CommandError({
          code: 'conflict',
          message: `${to} already exists in the collection: choose another name, or delete that one first.`,
        });
      await mkdir(dirname(target), { recursive: true });
      await rename(source, target);
      const touched = await moveInOrder(folder, from, to);
      return changed(folder, [from, to, ...touched]);
    },

    async duplicate(folderInput: string, path: string) {
      const folder = root(folderInput);
      const source = await existing(folder, path);
      const copy = await uniqueCopyName(folder, path);
      await cp(source, await resolveInside(folder, copy), { recursive: true, errorOnExist: true });
      return { path: copy, view: await changed(folder, [copy]) };
    },

    async delete(folderInput: string, path: string) {
      const folder = root(folderInput);
      const full = await existing(folder, path);
      if (full === folder)
        throw new CommandError({
          code: 'invalid_input',
          message: 'That is the collection itself: delete one of its files or folders.',
        });
      await rm(full, { recursive: true });
      return changed(folder, [path]);
    },

    async reorder(folderInput: string, dir: string, order: string[]) {
      const folder = root(folderInput);
      const written = await setOrder(folder, dir, order);
      return changed(folder, [written]);
    },

    /** For saveRequest: announces files written by other parts of the store. */
    changed: (folder: string, paths: string[]) => changed(root(folder), paths),

    close: () => watchers.close(),
    watched: () => watchers.watched(),
  };
}
