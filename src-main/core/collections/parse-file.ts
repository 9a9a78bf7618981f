// Reads a collection's YAML files into their shapes (src-shared/collections/format.ts), keeping
// where each value was written: a problem names the file and the line, so a tester can fix a file
// in an editor without hunting for it.
import { errorText } from '../../../src-shared/contract/errors';
import type { Document, LineCounter } from 'yaml';
import { yaml as yamlPackage } from '../common/lazy-packages';
import type { z } from 'zod';
import {
  CollectionFile,
  FolderFile,
  Scenario,
  STEP_KINDS,
  type StepKind,
} from '../../../src-shared/collections/format';
import type { FileProblem } from '../../../src-shared/contract';

/**
 * Where each value of a file was written: the parsed document, or (for a file parsed off the
 * engine's thread, parse-off-thread.ts) a table of the line of each value by its path.
 */
export type ParsedYaml =
  { doc: Document.Parsed; lines: LineCounter } | { lineAt: ReadonlyMap<string, number> };

/** The key of a value's path in a ParsedYaml's lineAt table: its keys and indices as text. */
const pathKey = (path: readonly PropertyKey[]) => path.map(String).join('\u0000');

export interface Parsed<T> {
  /** null when the file cannot be used at all (it does not parse, or breaks the format). */
  value: T | null;
  problems: FileProblem[];
  /** Kept so later checks (the catalog's) can name the line of a value. */
  yaml: ParsedYaml | null;
}

/** The 1-based line where the value at `path` starts (its nearest existing parent's otherwise). */
export function lineOf(yaml: ParsedYaml, path: readonly PropertyKey[]): number {
  if ('lineAt' in yaml) {
    for (let depth = path.length; depth >= 0; depth--) {
      const line = yaml.lineAt.get(pathKey(path.slice(0, depth)));
      if (line !== undefined) return line;
    }
    return 1;
  }
  const { isMap, isNode } = yamlPackage();
  for (let depth = path.length; depth >= 0; depth--) {
    const node: unknown = yaml.doc.getIn(path.slice(0, depth) as unknown[], true);
    if (isNode(node) && node.range) return yaml.lines.linePos(node.range[0]).line;
    // A key whose value is empty (`params:`) has no node of its own: the pair's key has the line.
    if (depth > 0) {
      const parent: unknown = yaml.doc.getIn(path.slice(0, depth - 1) as unknown[], true);
      if (isMap(parent)) {
        const pair = parent.items.find(
          (item) =>
            isNode(item.key) &&
            String((item.key as { value?: unknown }).value) === String(path[depth - 1]),
        );
        if (pair && isNode(pair.key) && pair.key.range)
          return yaml.lines.linePos(pair.key.range[0]).line;
      }
    }
  }
  return 1;
}

/** Aliases a file may expand (`*name`); the yaml package's own default. */
export const MAX_ALIAS_COUNT = 100;

export function unreadable(err: unknown): string {
  const reason = errorText(err);
  return /alias/i.test(reason)
    ? `This file uses too many aliases (*name), more than ${MAX_ALIAS_COUNT} expanded: a file that expands into more values than it holds cannot be read safely. Write the values out, or use fewer aliases.`
    : `This file cannot be read as a collection file: ${reason}. Check that it is plain YAML.`;
}

/** Whatever a file holds, its problems come back as problems: no exception leaves one file. */
function parseWith<S extends z.ZodType>(
  schema: S,
  file: string,
  text: string,
): Parsed<z.output<S>> {
  try {
    return parseUnguarded(schema, file, text);
  } catch (err) {
    return { value: null, yaml: null, problems: [{ file, line: 1, message: unreadable(err) }] };
  }
}

function parseUnguarded<S extends z.ZodType>(
  schema: S,
  file: string,
  text: string,
): Parsed<z.output<S>> {
  const { LineCounter, parseDocument } = yamlPackage();
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: true });
  if (doc.errors.length > 0) {
    return {
      value: null,
      yaml: null,
      problems: doc.errors.map((error) => ({
        file,
        line: error.linePos?.[0]?.line ?? 0,
        message: `This is not valid YAML: ${error.message.split('\n')[0] ?? error.message}`,
      })),
    };
  }
  const yaml: ParsedYaml = { doc, lines };
  let raw: unknown;
  try {
    // A file of a few lines can expand, alias by alias, into billions of values (a "billion
    // laughs"): the yaml package stops past maxAliasCount, and that file alone gets the problem.
    raw = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT }) ?? {};
  } catch (err) {
    return { value: null, yaml: null, problems: [{ file, line: 1, message: unreadable(err) }] };
  }
  return validate(schema, file, raw, yaml);
}

/** A file's values (as YAML gave them) checked against its shape, each problem with its line. */
export function validate<S extends z.ZodType>(
  schema: S,
  file: string,
  raw: unknown,
  yaml: ParsedYaml,
): Parsed<z.output<S>> {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { value: parsed.data, problems: [], yaml };
  return {
    value: null,
    yaml,
    problems: parsed.error.issues
      .flatMap((issue) => stepIssues(issue, raw))
      .map((issue) => ({
        file,
        line: lineOf(
          yaml,
          issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0] ?? ''] : issue.path,
        ),
        message: describeIssue(issue),
      })),
  };
}

/**
 * A step that fails every kind of the union reports the failures of the kind it names (its
 * `request:`, `wait:`...), so the message points at the value that is wrong, not at the step.
 */
function stepIssues(issue: z.core.$ZodIssue, raw: unknown): z.core.$ZodIssue[] {
  if (issue.code !== 'invalid_union' || issue.path.length !== 2 || issue.path[0] !== 'steps')
    return [issue];
  const step = (raw as { steps?: unknown[] }).steps?.[Number(issue.path[1])];
  if (typeof step !== 'object' || step === null) return [issue];
  const kinds = STEP_KINDS.filter((kind) => kind in step);
  if (kinds.length !== 1) return [issue];
  const branch = issue.errors[STEP_KINDS.indexOf(kinds[0] as StepKind)];
  if (!branch) return [issue];
  return branch.map((inner) => ({ ...inner, path: [...issue.path, ...inner.path] }));
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  if (issue.code === 'unrecognized_keys') {
    const owner =
      issue.path.length === 0
        ? 'a file'
        : issue.path[0] === 'steps'
          ? 'a step'
          : issue.path.join('.');
    return `${where}${issue.keys.map((k) => `"${k}"`).join(', ')} is not a key here; see docs/collections.md for the keys ${owner} takes.`;
  }
  if (issue.code === 'invalid_union' && issue.path.length === 2 && issue.path[0] === 'steps') {
    return `${where}a step has exactly one of ${STEP_KINDS.join(', ')}, with name, always and capture beside it (and expect beside request).`;
  }
  return `${where}${issue.message}`;
}

export const parseScenarioText = (file: string, text: string) => parseWith(Scenario, file, text);
export const parseCollectionText = (file: string, text: string) =>
  parseWith(CollectionFile, file, text);
export const parseFolderText = (file: string, text: string) => parseWith(FolderFile, file, text);
