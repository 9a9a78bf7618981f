// The one start-up every host shares (the headless host, the command line, the Electron shell):
// the data folder and its lock, the carry-over of an earlier version's folder, the settings, the
// embedded sandbox and the engine with its receiver and journal. What differs between hosts comes
// in as options (the settings store, the secret sealer, how the sandbox starts and on which ports,
// what opening a URL means); what only a host has (a window, an HTTP server) stays in the host.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  adoptOlderData,
  lockDataFolder,
  storedSandboxSecret,
  type AdoptedData,
  type Core,
  type CoreHost,
  type CoreOptions,
  type FolderHolderKind,
  type SecretSealer,
  type SettingsStore,
} from '../core/index';
import { embeddedSandbox, embeddedStateFile } from '../sandbox/embedded';
import type { RunningSandbox } from '../sandbox/types';
import { StartSteps } from './start-steps';

/** What the start-up uses of a running sandbox (a host's own starter may add to it). */
export type HostSandbox = Pick<RunningSandbox, 'baseUrl' | 'apps' | 'close'> &
  Partial<Pick<RunningSandbox, 'stateFile' | 'signingKeyPem'>> & { wantedPort?: number | null };

/** What a host's sandbox starter is given. */
interface SandboxStart {
  dataDir: string;
  settings: SettingsStore;
  /**
   * The embedded sandbox's client secret from the last start, read when called (a short-lived
   * sandbox on a fresh folder has none to read); undefined the first time.
   */
  storedClientSecret(): string | undefined;
  /** Where a sandbox that outlives a restart keeps its state (docs/sandbox.md, The state file). */
  stateFile: string;
}

export interface HostEngineOptions<S extends HostSandbox> {
  /** The data folder; undefined: a fresh temporary one, removed by close. */
  dataDir?: string | undefined;
  /**
   * Who takes the data folder, and what a person is told to do when another process holds it;
   * null: no lock (a fresh temporary folder is nobody else's).
   */
  lock: { holder: FolderHolderKind; advice: string } | null;
  /**
   * The default data folder: carry over an earlier version's folder into it the first time, once
   * the folder is locked (core/common/data-folder.ts).
   */
  carryOverOlderData?: boolean | undefined;
  /** The host's settings store for the data folder, made once the folder is locked and filled. */
  settings(dataDir: string): SettingsStore;
  secrets: SecretSealer;
  startSandbox(start: SandboxStart): Promise<S>;
  /**
   * Called instead of failing when the sandbox does not start, for a host that works on without
   * it (against real platforms); undefined: the start fails.
   */
  withoutSandbox?: ((err: unknown) => void) | undefined;
  appVersion: string;
  openExternal(url: string): Promise<void>;
  createCore(host: CoreHost, options?: CoreOptions): Promise<Core>;
  coreOptions?: CoreOptions | undefined;
  /**
   * Told of each part that fails to close ('the engine', 'the sandbox', ...) while the others still
   * close; undefined: close rejects with the first failure, once every part has been tried.
   */
  closeFailed?: ((part: string, err: unknown) => void) | undefined;
}

/** `S | null` when the host carries on without a sandbox that did not start (withoutSandbox). */
interface HostEngine<S extends HostSandbox | null> {
  core: Core;
  sandbox: S;
  dataDir: string;
  /** Whether dataDir is a fresh temporary folder (removed by close). */
  temporary: boolean;
  settings: SettingsStore;
  /** What was carried over from an earlier version's folder at this start, else null. */
  carriedOver: AdoptedData | null;
  /** Closes the engine, the sandbox and the lock (and removes a temporary folder); safe to call twice. */
  close(): Promise<void>;
}

/**
 * Starts the engine with everything it needs, in order. A step that fails undoes the ones before
 * it, so a failed start leaks no server, no lock and no temporary folder.
 */
export function startHostEngine<S extends HostSandbox>(
  options: HostEngineOptions<S> & { withoutSandbox: (err: unknown) => void },
): Promise<HostEngine<S | null>>;
export function startHostEngine<S extends HostSandbox>(
  options: HostEngineOptions<S> & { withoutSandbox?: undefined },
): Promise<HostEngine<S>>;
export async function startHostEngine<S extends HostSandbox>(
  options: HostEngineOptions<S>,
): Promise<HostEngine<S | null>> {
  const steps = new StartSteps(options.closeFailed);
  return steps.undoIfFails(async () => {
    const temporary = options.dataDir === undefined;
    const dataDir =
      options.dataDir === undefined
        ? // Only the command line's runs start on a temporary folder: named for them.
          await mkdtemp(join(tmpdir(), 'tp-run-'))
        : resolve(options.dataDir);
    if (temporary)
      steps.started('the temporary data folder', () =>
        rm(dataDir, { recursive: true, force: true }),
      );
    if (options.lock) {
      const lock = lockDataFolder(dataDir, options.lock.holder, options.lock.advice);
      steps.started('the data folder lock', () => lock.release());
    }
    // After the lock: two starts at once must not both copy into the folder.
    const carriedOver = options.carryOverOlderData ? adoptOlderData(dataDir) : null;
    const settings = options.settings(dataDir);
    const secrets = options.secrets;
    const sandbox = await startSandbox(options, {
      dataDir,
      settings,
      storedClientSecret: () => storedSandboxSecret({ settings, secrets, paths: { dataDir } }),
      stateFile: embeddedStateFile(dataDir),
    });
    if (sandbox) steps.started('the sandbox', () => sandbox.close());
    const registration = sandbox ? embeddedSandbox(sandbox) : undefined;
    const host: CoreHost = {
      appVersion: options.appVersion,
      paths: { dataDir },
      settings,
      secrets,
      openExternal: (url) => options.openExternal(url),
      ...(registration ? { sandbox: registration } : {}),
      ...(carriedOver ? { notices: [carriedOver.words] } : {}),
    };
    const core = await options.createCore(host, options.coreOptions ?? {});
    steps.started('the engine', () => core.close());
    return {
      core,
      sandbox,
      dataDir,
      temporary,
      settings,
      carriedOver,
      close: () => steps.undoAll(),
    };
  });
}

async function startSandbox<S extends HostSandbox>(
  options: HostEngineOptions<S>,
  start: SandboxStart,
): Promise<S | null> {
  if (!options.withoutSandbox) return options.startSandbox(start);
  try {
    return await options.startSandbox(start);
  } catch (err) {
    options.withoutSandbox(err);
    return null;
  }
}
