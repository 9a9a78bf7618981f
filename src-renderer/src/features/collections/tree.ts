// The collection's tree as the Collections tab walks it: the rows a person sees (folders expanded
// or not, a search keeping the matches and the folders that hold them), each item's siblings for
// reordering, and the paths the commands take. Pure, so the store and the view share one reading.
import type { CollectionItem, FileProblem } from '../../../../src-shared/contract';

export interface TreeRow {
  item: CollectionItem;
  /** 1 at the collection's root (aria-level). */
  level: number;
  /** The folder holding it ('' at the root). */
  dir: string;
  expanded: boolean;
}

/** The folder holding a path ('' at the root). */
export function dirOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
}

export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

export function joinPath(dir: string, name: string): string {
  return dir ? `${dir}/${name}` : name;
}

function matches(item: CollectionItem, words: string[]): boolean {
  const hay = `${item.name} ${item.path}`.toLowerCase();
  return words.every((w) => hay.includes(w));
}

/**
 * The visible rows, depth first in the collection's order. With a search, an item shows when its
 * name or path holds every word, and a folder shows (open) when anything under it does.
 */
export function visibleRows(
  items: CollectionItem[],
  expanded: ReadonlySet<string>,
  search: string,
): TreeRow[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const rows: TreeRow[] = [];
  const walk = (list: CollectionItem[], level: number, dir: string): boolean => {
    let any = false;
    for (const item of list) {
      if (item.kind === 'folder') {
        const start = rows.length;
        const open = words.length > 0 || expanded.has(item.path);
        rows.push({ item, level, dir, expanded: open });
        const inside = open ? walk(item.children ?? [], level + 1, item.path) : false;
        if (words.length > 0 && !inside && !matches(item, words)) rows.splice(start);
        else any = true;
      } else if (words.length === 0 || matches(item, words)) {
        rows.push({ item, level, dir, expanded: false });
        any = true;
      }
    }
    return any;
  };
  walk(items, 1, '');
  return rows;
}

export function findItem(items: CollectionItem[], path: string): CollectionItem | undefined {
  for (const item of items) {
    if (item.path === path) return item;
    const inside = item.children ? findItem(item.children, path) : undefined;
    if (inside) return inside;
  }
  return undefined;
}

/** The items of a folder ('' for the root), in order. */
function childrenOf(items: CollectionItem[], dir: string): CollectionItem[] {
  if (dir === '') return items;
  return findItem(items, dir)?.children ?? [];
}

/**
 * The folder's new order (names) with `path` moved by `delta` places, or null when it cannot move
 * further that way.
 */
export function movedOrder(items: CollectionItem[], path: string, delta: number): string[] | null {
  const siblings = childrenOf(items, dirOf(path));
  const from = siblings.findIndex((s) => s.path === path);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= siblings.length) return null;
  const names = siblings.map((s) => baseName(s.path));
  const [moved] = names.splice(from, 1);
  names.splice(to, 0, moved!);
  return names;
}

/** Every scenario, depth first. */
export function allScenarios(items: CollectionItem[]): CollectionItem[] {
  return items.flatMap((i) => (i.kind === 'folder' ? allScenarios(i.children ?? []) : [i]));
}

/** Every problem of the collection: its own files' first, then each scenario's, in tree order. */
export function allProblems(items: CollectionItem[], own: FileProblem[]): FileProblem[] {
  const walk = (list: CollectionItem[]): FileProblem[] =>
    list.flatMap((i) => [...i.problems, ...walk(i.children ?? [])]);
  return [...own, ...walk(items)];
}

/** A file name from what a person typed: `.yaml` added unless it has a YAML extension. */
export function scenarioFileName(typed: string): string {
  const name = typed.trim();
  return /\.ya?ml$/i.test(name) ? name : `${name}.yaml`;
}

/** The problem in words, with where: `sends/text.yaml, line 4: …`. */
export function problemWhere(p: FileProblem): string {
  return p.line > 0 ? `${p.file}, line ${p.line}` : p.file;
}
