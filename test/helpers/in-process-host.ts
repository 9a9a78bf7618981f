// The headless host started in-process on a data folder, as the restart and data-folder tests need
// it: started again on the same folder, it is the restart a person makes.
import { mkdtempSync, rmSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Core } from '../../src-main/core/core';
import type { SecretSealer } from '../../src-main/core/host-interface';
import { createCore } from '../../src-main/core/index';
import { startHeadlessHost, type HeadlessHost } from '../../src-main/headless/index';

export type Cleanup = () => Promise<void> | void;

export async function startHost(
  cleanups: Cleanup[],
  folder: { dataDir: string; rendererDir: string; sandboxPort: number },
  secrets?: SecretSealer,
): Promise<{ host: HeadlessHost; core: Core }> {
  let core: Core | undefined;
  const host = await startHeadlessHost({
    dataDir: folder.dataDir,
    rendererDir: folder.rendererDir,
    sandboxPort: folder.sandboxPort,
    redirectPort: 0,
    inboundPort: 0,
    ...(secrets ? { secrets } : {}),
    createCore: async (h, o) => (core = await createCore(h, o)),
  });
  cleanups.push(() => host.close());
  return { host, core: core! };
}

/** A data folder (with "Store secrets unencrypted" chosen unless told not to) and a renderer. */
export async function hostFolders(cleanups: Cleanup[], { allowPlainFile = true } = {}) {
  const tmp = await mkdtemp(join(tmpdir(), 'tp-restart-'));
  cleanups.push(() => rm(tmp, { recursive: true, force: true }));
  const dataDir = join(tmp, 'data');
  const rendererDir = join(tmp, 'renderer');
  await mkdir(dataDir, { recursive: true });
  await mkdir(rendererDir, { recursive: true });
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>fixture</title>');
  if (allowPlainFile) {
    // As the Users tab's "Store secrets unencrypted" leaves the settings.
    await writeFile(
      join(dataDir, 'settings.json'),
      JSON.stringify({ 'secretStorage.allowPlainFile': true }),
    );
  }
  return { dataDir, rendererDir };
}

/**
 * The app as a person runs it beside a command on the same data folder (`tp run --profile`,
 * `tp mcp --data-dir`): temporary folders removed after the test, and the app started on one.
 */
export function appBeside(cleanups: Cleanup[]) {
  return {
    tempFolder(prefix: string): string {
      const dir = mkdtempSync(join(tmpdir(), prefix));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      return dir;
    },
    async startApp(dataDir: string): Promise<HeadlessHost> {
      const { rendererDir } = await hostFolders(cleanups, { allowPlainFile: false });
      return (await startHost(cleanups, { dataDir, rendererDir, sandboxPort: 0 })).host;
    },
  };
}
