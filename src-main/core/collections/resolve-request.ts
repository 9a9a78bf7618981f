// What the composer would send once its `{{variables}}` are filled: the profile's variables
// first, then the collection's. Secrets and values made fresh per run are shown by name
// (`‹client_secret›`), never their value; a name nothing defines is listed, not thrown.
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { COLLECTION_FILE } from '../../../src-shared/collections/format';
import {
  DYNAMIC_VARIABLES,
  fillTemplate,
  isSecretVariable,
} from '../../../src-shared/collections/templates';
import { parseCollectionText } from './parse-file';

const isDynamic = (name: string) => (DYNAMIC_VARIABLES as readonly string[]).includes(name);

export async function collectionVariables(
  folder: string | undefined,
): Promise<Record<string, string>> {
  if (!folder) return {};
  const text = await readFile(join(resolve(folder), COLLECTION_FILE), 'utf8').catch(() => null);
  return text === null ? {} : (parseCollectionText(COLLECTION_FILE, text).value?.variables ?? {});
}

export function resolveRequest(
  request: { params: Record<string, string>; path?: string | undefined },
  profile: Record<string, string>,
  collection: Record<string, string>,
  /** The profile's own facts (client_id, base_url), under both, as the runner has them. */
  builtin: Record<string, string> = {},
): { params: Record<string, string>; path?: string; unknown: string[] } {
  const lookup = (name: string) =>
    isSecretVariable(name) || isDynamic(name)
      ? `‹${name}›`
      : (profile[name] ?? collection[name] ?? builtin[name]);
  const unknown = new Set<string>();
  const fill = (value: string) => {
    const filled = fillTemplate(value, lookup);
    filled.unknown.forEach((name) => unknown.add(name));
    return filled.text;
  };
  const params = Object.fromEntries(
    Object.entries(request.params).map(([name, value]) => [name, fill(value)]),
  );
  const path = request.path === undefined ? undefined : fill(request.path);
  return { params, ...(path !== undefined ? { path } : {}), unknown: [...unknown] };
}
