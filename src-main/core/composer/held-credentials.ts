// The tokens composer sends used, by journal seq, in memory only (never written): the journal
// holds them redacted, and "copy as cURL with secrets" needs the real one while the engine still
// has it. One registry per journal, i.e. per running engine.
import type { Journal } from '../log';

const MAX = 1000;
const registries = new WeakMap<Journal, Map<number, string>>();

export function heldCredentials(journal: Journal): Map<number, string> {
  let map = registries.get(journal);
  if (!map) {
    map = new Map();
    registries.set(journal, map);
  }
  return map;
}

export function holdCredential(journal: Journal, seq: number, token: string): void {
  const map = heldCredentials(journal);
  map.set(seq, token);
  if (map.size > MAX) map.delete(map.keys().next().value as number);
}
