// Reads a collection folder as the runner needs it: its name and variables, and each scenario
// file in the collection's order (collection-tree.ts), parsed and checked against the endpoint
// catalog, with the problems that keep a file from running.
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { Scenario, Variables } from '../../../src-shared/collections/format';
import type { FileProblem } from '../../../src-shared/contract';
import { checkAgainstCatalog } from './catalog-check';
import { itemPath } from './collection-paths';
import { scenarioPaths, walkCollection } from './collection-tree';
import { parseScenarioText } from './parse-file';

export interface LoadedScenario {
  /** From the collection's folder, with `/` between names. */
  path: string;
  name: string;
  scenario: Scenario | null;
  problems: FileProblem[];
}

export interface LoadedCollection {
  folder: string;
  name: string;
  variables: Variables;
  scenarios: LoadedScenario[];
  /** Problems of the collection's own file (and its folders' folder.yaml). */
  problems: FileProblem[];
}

type ReadScenario = Omit<LoadedScenario, 'path'>;

/**
 * The last files read, by path and text: parsing YAML with its line positions costs about half a
 * millisecond a step, which a run paid again for every unchanged file (Run again, a run after the
 * Collections tab read the same files). Shared by every caller, so never changed by one.
 */
const recentlyRead = new Map<string, ReadScenario>();
const RECENT_MAX_CHARS = 16 * 1024 * 1024;
let recentChars = 0;

/** A scenario's text parsed, then checked against the catalog when it parses. */
export function readScenarioText(path: string, text: string): ReadScenario {
  const key = `${path}\0${text}`;
  const known = recentlyRead.get(key);
  if (known) {
    // Used again: it is now the newest.
    recentlyRead.delete(key);
    recentlyRead.set(key, known);
    return known;
  }
  const parsed = parseScenarioText(path, text);
  const problems =
    parsed.value && parsed.yaml
      ? checkAgainstCatalog(path, parsed.value, parsed.yaml)
      : parsed.problems;
  const read: ReadScenario = {
    name: parsed.value?.name ?? basename(path).replace(/\.ya?ml$/, ''),
    scenario: parsed.value,
    problems,
  };
  recentlyRead.set(key, read);
  recentChars += key.length;
  for (const oldest of recentlyRead.keys()) {
    if (recentChars <= RECENT_MAX_CHARS) break;
    recentlyRead.delete(oldest);
    recentChars -= oldest.length;
  }
  return read;
}

export async function loadScenarioFile(folder: string, file: string): Promise<LoadedScenario> {
  const path = itemPath(folder, file);
  return { path, ...readScenarioText(path, await readFile(file, 'utf8')) };
}

/**
 * `paths` narrows the run to some files or folders of the collection (all of it by default).
 * A file that does not parse is still listed, with its problems: the runner reports it.
 */
export async function loadCollection(folder: string, paths?: string[]): Promise<LoadedCollection> {
  const tree = await walkCollection(folder);
  const all = scenarioPaths(tree.entries);
  const wanted = paths?.map((p) => p.replace(/\/+$/, ''));
  const selected = wanted
    ? all.filter((rel) => wanted.some((p) => rel === p || rel.startsWith(`${p}/`)))
    : all;
  const scenarios = await Promise.all(
    selected.map((rel) => loadScenarioFile(folder, join(folder, rel))),
  );
  return {
    folder,
    name: tree.name,
    variables: tree.own?.variables ?? {},
    scenarios,
    problems: tree.problems,
  };
}
