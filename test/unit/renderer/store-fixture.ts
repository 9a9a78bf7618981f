// The renderer's stores as main.tsx makes them (createStores), over an in-memory bridge to a real
// core wired to the embedded sandbox: what the store tests drive, in plain Node.
import { rmSync } from 'node:fs';
import type { Core } from '../../../src-main/core/index';
import { createCore } from '../../../src-main/core/index';
import type { RunningSandbox } from '../../../src-main/sandbox/index';
import { createStores, type StartableStores } from '../../../src-renderer/src/stores/create-stores';
import { hostFor, startTestSandbox, tempDir } from '../../helpers/core-fixture';
import { createMemoryBridge, type MemoryBridge } from '../../helpers/memory-bridge';

export interface StoresFixture {
  core: Core;
  sandbox: RunningSandbox;
  bridge: MemoryBridge;
  stores: StartableStores;
  /** The sandbox profile the core starts on. */
  sandboxProfileId: string;
  /** Starts the stores (left to the test, so it can hold answers back first). */
  start(): void;
  close(): Promise<void>;
}

/** `prepare` may write into the data directory before the core opens it (a journal, say). */
export async function startStores(prepare?: (dataDir: string) => void): Promise<StoresFixture> {
  const dataDir = tempDir('tp-renderer-');
  prepare?.(dataDir);
  const sandbox = await startTestSandbox();
  const core = await createCore(hostFor(sandbox, dataDir), { inboundPort: 0 });
  const bridge = createMemoryBridge(core);
  const stores = createStores(bridge, bridge.connection);
  const { activeProfileId } = await core.invoke('profiles.list', {});
  let stop: (() => void) | null = null;
  return {
    core,
    sandbox,
    bridge,
    stores,
    sandboxProfileId: activeProfileId,
    start() {
      stop = stores.start();
    },
    async close() {
      stop?.();
      await core.close();
      await sandbox.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A second profile, not the sandbox's: its own users, book and inbound settings. */
export async function createOtherProfile(core: Core, sandbox: RunningSandbox): Promise<string> {
  const profile = await core.invoke('profiles.create', {
    name: 'Staging',
    baseUrl: sandbox.baseUrl,
    clientId: 'staging',
    clientSecret: 'a-secret-of-some-length',
    redirectUri: 'http://127.0.0.1:1/callback',
    scopes: [],
  });
  return profile.id;
}
