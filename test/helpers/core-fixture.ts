// Starts a real sandbox and a core wired to it, with a fresh data directory, for integration tests.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore, type Core } from '../../src-main/core/index';
import {
  memorySettings,
  unavailableSealer,
  type CoreHost,
  type SettingsStore,
} from '../../src-main/core/host';
import { embeddedSandbox } from '../../src-main/sandbox/embedded';
import { startSandbox, type RunningSandbox } from '../../src-main/sandbox/index';

export function tempDir(prefix = 'tp-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export function hostFor(
  sandbox: RunningSandbox | null,
  dataDir: string,
  settings: SettingsStore = memorySettings(),
): CoreHost {
  return {
    appVersion: '0.0.0-test',
    paths: { dataDir },
    settings,
    secrets: unavailableSealer('Tests keep secrets in memory.'),
    openExternal: async () => {},
    ...(sandbox ? { sandbox: embeddedSandbox(sandbox)! } : {}),
  };
}

export interface CoreFixture {
  core: Core;
  sandbox: RunningSandbox;
  dataDir: string;
  close(): Promise<void>;
}

export async function startCoreWithSandbox(): Promise<CoreFixture> {
  const sandbox = await startSandbox();
  const dataDir = tempDir();
  const core = await createCore(hostFor(sandbox, dataDir), { inboundPort: 0 });
  return {
    core,
    sandbox,
    dataDir,
    async close() {
      await core.close();
      await sandbox.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
