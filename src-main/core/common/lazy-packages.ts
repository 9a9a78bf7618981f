// Packages only some commands need (an API call, a tunnel, a collection's YAML, a contact's CSV or
// XML), loaded at their first use rather than when the engine starts: together they were some
// 0.3 s of CPU at every start of the host (docs/architecture.md, Start). Their CommonJS builds,
// so that a synchronous caller (a collection's YAML) needs no await; each loads once.
import { createRequire } from 'node:module';
import type * as Undici from 'undici';
import type * as Yaml from 'yaml';
import type * as Papa from 'papaparse';
import type * as Xmldom from '@xmldom/xmldom';

const load = createRequire(import.meta.url);

function once<T>(id: string): () => T {
  let module: T | undefined;
  return () => (module ??= load(id) as T);
}

export const undici = once<typeof Undici>('undici');
export const yaml = once<typeof Yaml>('yaml');
export const papaparse = once<typeof Papa>('papaparse');
export const xmldom = once<typeof Xmldom>('@xmldom/xmldom');
