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

/** A scenario's text parsed, then checked against the catalog when it parses. */
export function readScenarioText(path: string, text: string): Omit<LoadedScenario, 'path'> {
  const parsed = parseScenarioText(path, text);
  const problems =
    parsed.value && parsed.yaml
      ? checkAgainstCatalog(path, parsed.value, parsed.yaml)
      : parsed.problems;
  return {
    name: parsed.value?.name ?? basename(path).replace(/\.ya?ml$/, ''),
    scenario: parsed.value,
    problems,
  };
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
