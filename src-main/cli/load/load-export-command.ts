// `tp export --format artillery|k6`: the collection's request steps and a delivery storm as a load
// script that a distributed load engine runs (docs/load.md, "Past one machine"). Nothing starts:
// the collection is read and the script written; what it cannot play is listed on stderr.
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { SCRIPT_ENV, exportedRequests, loadCollection, toArtillery, toK6 } from '../../core/index';
import { UsageError } from '../args';
import { findCollection } from '../collection-folder';
import { checkOutFile, deliver, type Io } from '../io';
import type { LoadExportArgs } from './load-export-args';

async function writeFolder(out: string, files: Record<string, string>, io: Io): Promise<string> {
  const folder = resolve(io.cwd, out);
  const info = await stat(folder).catch(() => null);
  if (info && !info.isDirectory()) {
    throw new UsageError(`--out ${out} is a file: --format artillery writes a folder there.`);
  }
  await mkdir(folder, { recursive: true });
  for (const [name, content] of Object.entries(files)) await writeFile(join(folder, name), content);
  return folder;
}

export async function loadExportCommand(args: LoadExportArgs, io: Io): Promise<number> {
  const target = await findCollection(args.folder, io.cwd);
  if (args.format === 'k6') await checkOutFile(args.out, io.cwd);
  const collection = exportedRequests(await loadCollection(target.folder, target.paths));
  if (!args.target && collection.scenarios.length > 0) {
    io.err(
      'The request steps are not in the script: give --target with the platform’s base URL to export them.',
    );
  }
  if (collection.leftOut.length > 0) {
    io.err(`Left out of the ${args.format} script (it cannot play these):`);
    for (const item of collection.leftOut) io.err(`  - ${item}`);
  }
  const secrets = `Set ${SCRIPT_ENV.secret} (and ${SCRIPT_ENV.variablePrefix}<name> for variables such as app_token) when you run it: no secret is written in the script.`;
  if (args.format === 'artillery') {
    const folder = await writeFolder(args.out!, toArtillery(collection, args), io);
    io.err(`Wrote the Artillery scripts and their processor to ${folder}. ${secrets}`);
    return 0;
  }
  await deliver(toK6(collection, args), args.out, io);
  if (args.out) io.err(`Wrote the k6 script to ${args.out}. ${secrets}`);
  return 0;
}
