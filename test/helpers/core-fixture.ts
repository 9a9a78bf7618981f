// Starts a real sandbox and a core wired to it, with a fresh data directory, for integration tests.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore, type Core, type CoreOptions } from '../../src-main/core/index';
import {
  unavailableSealer,
  type CoreHost,
  type SettingsStore,
} from '../../src-main/core/host-interface';
import { memorySettings } from './memory-settings';
import { embeddedSandbox } from '../../src-main/sandbox/embedded';
import {
  startSandbox,
  type RunningSandbox,
  type SandboxOptions,
} from '../../src-main/sandbox/index';
import { freePort } from './sandbox-client';

/**
 * A profile of app `app` (secret `secret`, scope basic) on a platform at `baseUrl`: a test's own
 * server standing for the platform.
 */
export function profileOn(core: Core, name: string, baseUrl: string) {
  return core.invoke('profiles.create', {
    name,
    baseUrl,
    clientId: 'app',
    clientSecret: 'secret',
    redirectUri: 'http://127.0.0.1:8000/callback',
    scopes: ['basic'],
  });
}

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

export type TestSandboxOptions = Omit<SandboxOptions, 'apps'> & {
  /** The one app's registration, beyond its redirect URI. */
  app?: NonNullable<SandboxOptions['apps']>[number];
};

/**
 * A sandbox with one app whose redirect URI is on a free loopback port, where the engine's connect
 * flow listens: test files run at once, so none may count on the default port being its own.
 */
export async function startTestSandbox({
  app,
  ...options
}: TestSandboxOptions = {}): Promise<RunningSandbox> {
  const port = await freePort();
  return startSandbox({
    ...options,
    apps: [{ redirect_uri: `http://127.0.0.1:${port}/callback`, ...app }],
  });
}

interface CoreFixtureOptions {
  sandbox?: TestSandboxOptions;
  /** Added to the core's options (the receiver on any free port unless they say otherwise). */
  core?: CoreOptions;
  settings?: SettingsStore;
}

/** A test sandbox and a core wired to it; close() stops both and removes the data directory. */
export async function startCoreWithSandbox(options: CoreFixtureOptions = {}): Promise<CoreFixture> {
  const sandbox = await startTestSandbox(options.sandbox);
  const dataDir = tempDir();
  const core = await createCore(hostFor(sandbox, dataDir, options.settings), {
    inboundPort: 0,
    ...options.core,
  });
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
