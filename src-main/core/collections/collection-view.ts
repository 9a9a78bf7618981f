// The Collections tab's view of a folder: the tree in the collection's order, each scenario with
// its step count and kinds and its problems, so a broken file shows beside the good ones.
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { stepKind } from '../../../src-shared/collections/format';
import type { CollectionItem, CollectionView } from '../../../src-shared/contract';
import { walkCollection, type TreeEntry } from './collection-tree';
import { readScenarioText } from './load-collection';

async function itemOf(folder: string, entry: TreeEntry): Promise<CollectionItem> {
  if (entry.kind === 'folder') {
    return {
      path: entry.path,
      kind: 'folder',
      name: basename(entry.path),
      steps: 0,
      stepKinds: [],
      problems: [],
      children: await Promise.all((entry.children ?? []).map((e) => itemOf(folder, e))),
    };
  }
  const text = await readFile(join(folder, entry.path), 'utf8').catch((err: Error) => err);
  if (text instanceof Error) {
    return {
      path: entry.path,
      kind: 'scenario',
      name: basename(entry.path).replace(/\.ya?ml$/, ''),
      steps: 0,
      stepKinds: [],
      problems: [
        { file: entry.path, line: 0, message: `This file cannot be read: ${text.message}.` },
      ],
    };
  }
  const read = readScenarioText(entry.path, text);
  const steps = read.scenario?.steps ?? [];
  return {
    path: entry.path,
    kind: 'scenario',
    name: read.name,
    steps: steps.length,
    stepKinds: [...new Set(steps.map(stepKind))],
    problems: read.problems,
  };
}

export async function collectionView(folder: string): Promise<CollectionView> {
  const tree = await walkCollection(folder);
  return {
    folder,
    name: tree.name,
    variables: tree.own?.variables ?? {},
    items: await Promise.all(tree.entries.map((e) => itemOf(folder, e))),
    problems: tree.problems,
  };
}
