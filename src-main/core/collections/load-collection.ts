// Reads a collection folder as the runner needs it: its name and variables, and each scenario
// file in the collection's order (collection-tree.ts), parsed and checked against the endpoint
// catalog, with the problems that keep a file from running.
import { errorText } from '../../../src-shared/contract/errors';
import { basename, join } from 'node:path';
import {
  Scenario,
  type InboundSetup,
  type Variables,
} from '../../../src-shared/collections/format';
import type { FileProblem } from '../../../src-shared/contract';
import { checkAgainstCatalog } from './catalog-check';
import { itemPath, stepFileInside } from './collection-paths';
import { scenarioPaths, walkCollection } from './collection-tree';
import { lineOf, parseScenarioText, type Parsed, type ParsedYaml } from './parse-file';
import { OFF_THREAD_BYTES, parseOffThread } from './parse-off-thread';
import { readCollectionFile } from './read-collection-file';
import { checkSecretPlaces } from './secret-check';

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
  /** collection.yaml's `inbound`: the receiver's set-up while the run runs. */
  inbound?: InboundSetup | undefined;
  /** collection.yaml's `data`: the data file a run uses when it is given none. */
  data?: string | undefined;
  scenarios: LoadedScenario[];
  /** Problems of the collection's own file (and its folders' folder.yaml). */
  problems: FileProblem[];
}

/** A file a request step sends, as written (no variable in it), for the check against the folder. */
interface StepFile {
  path: string;
  line: number;
  /** `steps.2.request.file.path` */
  where: string;
}

type ReadScenario = Omit<LoadedScenario, 'path'> & { files: StepFile[] };

/** The files the steps send, as written; a path with a variable is checked when the step runs. */
function stepFiles(scenario: Scenario, yaml: ParsedYaml): StepFile[] {
  const files: StepFile[] = [];
  scenario.steps.forEach((step, index) => {
    const file = 'request' in step ? step.request.file : undefined;
    if (!file || !('path' in file) || file.path.includes('{{')) return;
    const at = ['steps', index, 'request', 'file', 'path'];
    files.push({ path: file.path, line: lineOf(yaml, at), where: at.join('.') });
  });
  return files;
}

/** The problems of files a scenario's steps send from outside the collection's folder. */
async function fileProblems(folder: string, path: string, read: ReadScenario) {
  const problems: FileProblem[] = [];
  for (const file of read.files) {
    const found = await stepFileInside(folder, join(folder, path), file.path);
    if ('refused' in found)
      problems.push({ file: path, line: file.line, message: `${file.where}: ${found.refused}` });
  }
  return problems;
}

/**
 * The last files read, by path and text: parsing YAML with its line positions costs about half a
 * millisecond a step, which a run paid again for every unchanged file (Run again, a run after the
 * Collections tab read the same files). Shared by every caller, so never changed by one.
 */
const recentlyRead = new Map<string, ReadScenario>();
const RECENT_MAX_CHARS = 16 * 1024 * 1024;
let recentChars = 0;

function remember(key: string, read: ReadScenario): ReadScenario {
  recentlyRead.set(key, read);
  recentChars += key.length;
  for (const oldest of recentlyRead.keys()) {
    if (recentChars <= RECENT_MAX_CHARS) break;
    recentlyRead.delete(oldest);
    recentChars -= oldest.length;
  }
  return read;
}

function recall(key: string): ReadScenario | undefined {
  const known = recentlyRead.get(key);
  if (known) {
    // Used again: it is now the newest.
    recentlyRead.delete(key);
    recentlyRead.set(key, known);
  }
  return known;
}

/** A parsed scenario checked against the catalog and the places of secrets, when it parses. */
function checked(path: string, parsed: Parsed<Scenario>): ReadScenario {
  const problems =
    parsed.value && parsed.yaml
      ? [
          ...checkAgainstCatalog(path, parsed.value, parsed.yaml),
          ...checkSecretPlaces(path, parsed.value, parsed.yaml),
        ]
      : parsed.problems;
  return {
    name: parsed.value?.name ?? basename(path).replace(/\.ya?ml$/, ''),
    scenario: parsed.value,
    problems,
    files: parsed.value && parsed.yaml ? stepFiles(parsed.value, parsed.yaml) : [],
  };
}

/** A scenario's text parsed and checked, on the engine's thread (the Collections tab's save). */
export function readScenarioText(path: string, text: string): ReadScenario {
  const key = `${path}\0${text}`;
  return recall(key) ?? remember(key, checked(path, parseScenarioText(path, text)));
}

/** The same, a text over OFF_THREAD_BYTES parsed on a worker thread: the engine keeps answering. */
export async function readScenarioTextOffThread(path: string, text: string): Promise<ReadScenario> {
  if (text.length <= OFF_THREAD_BYTES) return readScenarioText(path, text);
  const key = `${path}\0${text}`;
  return recall(key) ?? remember(key, checked(path, await parseOffThread(Scenario, path, text)));
}

/**
 * A scenario file read and checked, including the files its steps send; what keeps it from being
 * read (too large, a link out of the folder, an error) is its problem, never the collection's.
 */
export async function loadScenarioFile(folder: string, file: string): Promise<LoadedScenario> {
  const path = itemPath(folder, file);
  const name = basename(path).replace(/\.ya?ml$/, '');
  const text = await readCollectionFile(folder, file).catch((err: unknown) => ({
    problem: `This file cannot be read: ${errorText(err)}.`,
  }));
  if (!('text' in text)) {
    const message = 'problem' in text ? text.problem : 'This file is no longer there.';
    return { path, name, scenario: null, problems: [{ file: path, line: 0, message }] };
  }
  const read = await readScenarioTextOffThread(path, text.text);
  const outside = await fileProblems(folder, path, read);
  const problems = outside.length > 0 ? [...read.problems, ...outside] : read.problems;
  return { path, name: read.name, scenario: read.scenario, problems };
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
    inbound: tree.own?.inbound,
    data: tree.own?.data,
    scenarios,
    problems: tree.problems,
  };
}
