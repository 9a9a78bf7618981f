// `tp export` and `tp openapi`: the interop commands of the engine, run against a fresh embedded
// sandbox (its base URL and app credentials are what the exported documents name).
import type { ExportArgs, OpenApiArgs } from './args';
import { findCollection } from './collection-folder';
import { startCliEngine, type CliEngine } from './engine';
import { checkOutFile, deliver, type Io } from './io';

async function withEngine<T>(use: (engine: CliEngine) => Promise<T>): Promise<T> {
  const engine = await startCliEngine();
  try {
    return await use(engine);
  } finally {
    await engine.close();
  }
}

export async function exportCommand(args: ExportArgs, io: Io): Promise<number> {
  const target = await findCollection(args.folder, io.cwd);
  await checkOutFile(args.out, io.cwd);
  if (target.paths) {
    io.err(`${args.folder} is inside the collection at ${target.folder}: exporting all of it.`);
  }
  const exported = await withEngine((engine) =>
    engine.core.invoke('collections.exportPostman', { folder: target.folder }),
  );
  await deliver(exported.content, args.out, io);
  if (exported.leftOut.length > 0) {
    io.err('Left out of the Postman collection (Postman cannot run these):');
    for (const item of exported.leftOut) io.err(`  - ${item}`);
  }
  if (args.out) io.err(`Wrote the Postman collection v2.1 to ${args.out}.`);
  return 0;
}

export async function openApiCommand(args: OpenApiArgs, io: Io): Promise<number> {
  await checkOutFile(args.out, io.cwd);
  const document = await withEngine((engine) => engine.core.invoke('collections.openapi', {}));
  await deliver(document.content, args.out, io);
  if (args.out) io.err(`Wrote the OpenAPI 3.1 document to ${args.out}.`);
  return 0;
}
