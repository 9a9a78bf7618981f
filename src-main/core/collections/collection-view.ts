// The Collections tab's view of a folder: the tree in the collection's order, each scenario with
// its step count and kinds and its problems, so a broken file shows beside the good ones.
import { basename, join } from 'node:path';
import { stepKind } from '../../../src-shared/collections/format';
import type { CollectionItem, CollectionView } from '../../../src-shared/contract';
import { walkCollection, type TreeEntry } from './collection-tree';
import { loadScenarioFile } from './load-collection';

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
  const read = await loadScenarioFile(folder, join(folder, entry.path));
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
