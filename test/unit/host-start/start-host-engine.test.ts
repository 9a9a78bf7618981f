// The start-up every host shares, with a stand-in engine and sandbox: what a failed start leaves
// behind (nothing), the order parts close in, and a part that fails to close.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOCK_FILE } from '../../../src-main/core/common/data-folder-lock';
import type { Core } from '../../../src-main/core/core';
import type { CoreHost } from '../../../src-main/core/host-interface';
import { unavailableSealer } from '../../../src-main/core/host-interface';
import {
  startHostEngine,
  type HostEngineOptions,
  type HostSandbox,
} from '../../../src-main/host-start/start-host-engine';
import { memorySettings } from '../../helpers/memory-settings';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function freshDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tp-host-start-'));
  dirs.push(dir);
  return dir;
}

/** A stand-in engine and sandbox that note, in `closed`, the order they were closed in. */
function parts(options: { coreFails?: boolean; sandboxFails?: boolean } = {}) {
  const closed: string[] = [];
  const hosts: CoreHost[] = [];
  const sandbox: HostSandbox = {
    baseUrl: 'http://127.0.0.1:5873',
    apps: [],
    close: vi.fn(async () => void closed.push('sandbox')),
  };
  const core = { close: vi.fn(async () => void closed.push('engine')) } as unknown as Core;
  // Without withoutSandbox: the tests that want it add it.
  const options_: HostEngineOptions<HostSandbox> & { withoutSandbox?: undefined } = {
    lock: { holder: 'the headless host', advice: 'Close the other one.' },
    settings: () => memorySettings(),
    secrets: unavailableSealer('no keyring in this test'),
    startSandbox: async () => {
      if (options.sandboxFails) throw new Error('port 5873 refused');
      return sandbox;
    },
    appVersion: '1.2.3',
    openExternal: () => Promise.resolve(),
    createCore: async (host) => {
      hosts.push(host);
      if (options.coreFails) throw new Error('the journal folder is read-only');
      return core;
    },
  };
  return { closed, hosts, sandbox, core, options: options_ };
}

describe('the shared host start-up', () => {
  it('closes the sandbox and releases the folder when the engine does not start', async () => {
    const dataDir = freshDir();
    const p = parts({ coreFails: true });
    await expect(startHostEngine({ ...p.options, dataDir })).rejects.toThrow(/read-only/);
    expect(p.closed).toEqual(['sandbox']);
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
  });

  it('releases the folder when the sandbox does not start, and starts no engine', async () => {
    const dataDir = freshDir();
    const p = parts({ sandboxFails: true });
    await expect(startHostEngine({ ...p.options, dataDir })).rejects.toThrow(/5873 refused/);
    expect(p.hosts).toEqual([]);
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
  });

  it('carries on without the sandbox when the host says so, and tells it why', async () => {
    const dataDir = freshDir();
    const p = parts({ sandboxFails: true });
    const without = vi.fn();
    const engine = await startHostEngine({ ...p.options, dataDir, withoutSandbox: without });
    expect(engine.sandbox).toBeNull();
    expect(without).toHaveBeenCalledWith(expect.objectContaining({ message: 'port 5873 refused' }));
    expect(p.hosts[0]?.sandbox).toBeUndefined();
    await engine.close();
  });

  it('removes a temporary data folder when a later step fails', async () => {
    const p = parts({ coreFails: true });
    await expect(startHostEngine({ ...p.options, lock: null })).rejects.toThrow(/read-only/);
    const tempDir = p.hosts[0]?.paths.dataDir;
    expect(tempDir).toBeDefined();
    expect(existsSync(tempDir!)).toBe(false);
  });

  it('closes the engine before the sandbox, then the lock, and only once', async () => {
    const dataDir = freshDir();
    const p = parts();
    const engine = await startHostEngine({ ...p.options, dataDir });
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(true);
    await Promise.all([engine.close(), engine.close()]);
    expect(p.closed).toEqual(['engine', 'sandbox']);
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
  });

  it('still closes every part when one fails, and says which failed', async () => {
    const dataDir = freshDir();
    const p = parts();
    vi.mocked(p.core.close).mockRejectedValueOnce(new Error('journal flush failed'));
    const told = vi.fn();
    const engine = await startHostEngine({ ...p.options, dataDir, closeFailed: told });
    await engine.close();
    expect(told).toHaveBeenCalledWith('the engine', expect.any(Error));
    expect(p.sandbox.close).toHaveBeenCalled();
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
  });

  it('without closeFailed, rejects with the first failure once every part was tried', async () => {
    const dataDir = freshDir();
    const p = parts();
    vi.mocked(p.core.close).mockRejectedValueOnce(new Error('journal flush failed'));
    const engine = await startHostEngine({ ...p.options, dataDir });
    await expect(engine.close()).rejects.toThrow(/journal flush failed/);
    expect(p.sandbox.close).toHaveBeenCalled();
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
  });

  it('reads the stored sandbox secret only when the sandbox starter asks for it', async () => {
    const dataDir = freshDir();
    const p = parts();
    const settings = memorySettings();
    const get = vi.spyOn(settings, 'get');
    const engine = await startHostEngine({
      ...p.options,
      dataDir,
      settings: () => settings,
      startSandbox: async ({ stateFile }) => {
        expect(stateFile).toBe(join(dataDir, 'sandbox-state.json'));
        return p.sandbox;
      },
    });
    expect(get).not.toHaveBeenCalled();
    expect(p.hosts[0]).toMatchObject({ appVersion: '1.2.3', paths: { dataDir } });
    await engine.close();
  });
});
