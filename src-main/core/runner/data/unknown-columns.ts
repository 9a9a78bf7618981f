// Before a data-driven run starts: every `{{name}}` its scenarios use must have a value, from the
// data file's columns or from what the run already defines (--var, the scenario's and the
// collection's variables, the profile's, captures of its steps, the built-ins). A name none gives
// is a column the file lacks, most often a typo (msgtype for msg_type): the run would fail it in
// every iteration, so it is refused once, up front.
import {
  DYNAMIC_VARIABLES,
  isSecretVariable,
  templateNames,
} from '../../../../src-shared/collections/templates';
import type { LoadedCollection } from '../../collections';

interface UnknownName {
  name: string;
  /** The scenario's file, from the collection's folder. */
  path: string;
  /** 0-based. */
  step: number;
}

/** Every string of `value`, keys included (a body check's path may hold a variable). */
function eachString(value: unknown, see: (text: string) => void): void {
  if (typeof value === 'string') see(value);
  else if (Array.isArray(value)) for (const v of value) eachString(v, see);
  else if (value !== null && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      see(k);
      eachString(v, see);
    }
}

/** Every name the scenarios use in a `{{name}}`. */
export function usedNames(collection: LoadedCollection): Set<string> {
  const used = new Set<string>();
  for (const loaded of collection.scenarios)
    for (const step of loaded.scenario?.steps ?? [])
      eachString(step, (text) => templateNames(text).forEach((name) => used.add(name)));
  return used;
}

/** The first use of each name no layer defines, in the collection's order. */
export function unknownNames(
  collection: LoadedCollection,
  defined: Iterable<string>,
): UnknownName[] {
  const known = new Set([
    ...defined,
    ...Object.keys(collection.variables),
    'client_id',
    'base_url',
  ]);
  const found = new Map<string, UnknownName>();
  for (const loaded of collection.scenarios) {
    const scenario = loaded.scenario;
    if (!scenario) continue;
    const own = new Set(Object.keys(scenario.variables ?? {}));
    for (const step of scenario.steps)
      for (const name of Object.keys(step.capture ?? {})) own.add(name);
    scenario.steps.forEach((step, index) => {
      eachString(step, (text) => {
        for (const name of templateNames(text)) {
          if (known.has(name) || own.has(name) || found.has(name)) continue;
          if (isSecretVariable(name) || (DYNAMIC_VARIABLES as readonly string[]).includes(name))
            continue;
          found.set(name, { name, path: loaded.path, step: index });
        }
      });
    });
  }
  return [...found.values()];
}
