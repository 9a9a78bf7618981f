// Reads a collection folder as the runner needs it: its name and variables, and each scenario
// file in the collection's order, parsed, with the problems that keep a file from running.
import { readdir, readFile } from 'node:fs/promises';
import { basename, join, relative, sep } from 'node:path';
import {
  COLLECTION_FILE,
  FOLDER_FILE,
  SCENARIO_EXTENSIONS,
  type Scenario,
  type Variables,
} from '../../../src-shared/collections/format';
import type { FileProblem } from '../../../src-shared/contract';
import { parseCollectionText, parseScenarioText } from './parse-file';

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
  /** Problems of the collection's own file. */
  problems: FileProblem[];
}

const isScenarioFile = (name: string) =>
  SCENARIO_EXTENSIONS.some((ext) => name.endsWith(ext)) &&
  name !== COLLECTION_FILE &&
  name !== FOLDER_FILE;

/** Scenario files under `dir`, sorted by path (the collection's own order comes later). */
async function scenarioFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const files: string[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name.startsWith('.')) continue;
    const full = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...(await scenarioFiles(full)));
    else if (entry.isFile() && isScenarioFile(entry.name)) files.push(full);
  }
  return files;
}

export async function loadScenarioFile(folder: string, file: string): Promise<LoadedScenario> {
  const path = relative(folder, file).split(sep).join('/');
  const fallbackName = basename(file).replace(/\.ya?ml$/, '');
  const parsed = parseScenarioText(path, await readFile(file, 'utf8'));
  return {
    path,
    name: parsed.value?.name ?? fallbackName,
    scenario: parsed.value,
    problems: parsed.problems,
  };
}

/**
 * `paths` narrows the run to some files or folders of the collection (all of it by default).
 * A file that does not parse is still listed, with its problems: the runner reports it.
 */
export async function loadCollection(folder: string, paths?: string[]): Promise<LoadedCollection> {
  let name = basename(folder);
  let variables: Variables = {};
  let problems: FileProblem[] = [];
  const own = await readFile(join(folder, COLLECTION_FILE), 'utf8').catch(() => null);
  if (own !== null) {
    const parsed = parseCollectionText(COLLECTION_FILE, own);
    name = parsed.value?.name ?? name;
    variables = parsed.value?.variables ?? {};
    problems = parsed.problems;
  }
  const all = await scenarioFiles(folder);
  const wanted = paths?.map((p) => p.replace(/\/+$/, ''));
  const selected = wanted
    ? all.filter((file) => {
        const rel = relative(folder, file).split(sep).join('/');
        return wanted.some((p) => rel === p || rel.startsWith(`${p}/`));
      })
    : all;
  const scenarios = await Promise.all(selected.map((file) => loadScenarioFile(folder, file)));
  return { folder, name, variables, scenarios, problems };
}
