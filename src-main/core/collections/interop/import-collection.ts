// collections.import: a Postman collection or a HAR file written into a collection folder as
// request scenarios, one file per request, named after it and never over an existing file.
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { isAbsolute, join, posix } from 'node:path';
import { SCENARIO_EXTENSIONS } from '../../../../src-shared/collections/format';
import { CommandError } from '../../../../src-shared/contract';
import { scenarioToYaml } from '../scenario-yaml';
import { fileStem, translateRequest } from './import-request';
import { readHar, readPostman, type SourceRead } from './import-sources';

interface ImportResult {
  /** Paths inside the collection, with `/` between names. */
  written: string[];
  skipped: string[];
}

function safeDir(dir: string): string {
  const clean = dir.replace(/\\/g, '/').replace(/^\/+|\/+$/g, '');
  if (isAbsolute(dir) || /^[A-Za-z]:/.test(dir) || clean.split('/').includes('..')) {
    throw new CommandError({
      code: 'invalid_input',
      message: `"${dir}" is not a folder inside the collection: give a path like "imported" or "sends/postman", without .. or a leading /.`,
    });
  }
  return clean;
}

function readSource(format: 'postman' | 'har', content: string): SourceRead {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch (err) {
    throw new CommandError({
      code: 'invalid_input',
      message: `The ${format === 'har' ? 'HAR' : 'Postman'} file is not JSON (${(err as Error).message}). Export it again from the tool and pick the .json/.har file.`,
    });
  }
  try {
    return format === 'har' ? readHar(parsed) : readPostman(parsed);
  } catch (err) {
    throw new CommandError({ code: 'invalid_input', message: (err as Error).message });
  }
}

/** Names already taken in a folder of the collection, without their extension. */
async function takenStems(folder: string, dir: string, cache: Map<string, Set<string>>) {
  let taken = cache.get(dir);
  if (!taken) {
    const names = await readdir(join(folder, dir)).catch(() => [] as string[]);
    taken = new Set(
      names.map((n) =>
        SCENARIO_EXTENSIONS.reduce((s, ext) => (s.endsWith(ext) ? s.slice(0, -ext.length) : s), n),
      ),
    );
    cache.set(dir, taken);
  }
  return taken;
}

export async function importIntoCollection(
  folder: string,
  dirInput: string,
  format: 'postman' | 'har',
  content: string,
): Promise<ImportResult> {
  const base = safeDir(dirInput);
  const source = readSource(format, content);
  const skipped = [...source.skipped];
  const written: string[] = [];
  const taken = new Map<string, Set<string>>();
  for (const { folders, request } of source.requests) {
    const where = [...folders, request.name].join(' / ');
    const translated = translateRequest(request);
    if (!translated.ok) {
      skipped.push(`${where}: not imported, ${translated.reason}.`);
      continue;
    }
    skipped.push(...translated.notes.map((note) => `${where}: imported, but ${note}.`));
    const dir = posix.join(base, ...folders.map(fileStem));
    const stems = await takenStems(folder, dir === '.' ? '' : dir, taken);
    const stem = fileStem(request.name);
    let unique = stem;
    for (let n = 2; stems.has(unique); n++) unique = `${stem}-${n}`;
    stems.add(unique);
    const path = posix.join(dir, `${unique}.yaml`).replace(/^\.\//, '');
    await mkdir(join(folder, dir), { recursive: true });
    // 'wx': an import never overwrites a file, even one written since the folder was listed.
    await writeFile(join(folder, path), scenarioToYaml(translated.scenario), { flag: 'wx' });
    written.push(path);
  }
  return { written, skipped };
}
