// The engine as the command line runs it: the embedded sandbox and the core (with its receiver),
// no window and no HTTP host. By default in a fresh temporary data folder removed at the end, so a
// run touches nothing of the person's app data; with a data folder (--profile), the app's own,
// taken from no other process (the app must be closed), its settings read but never changed.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { lockDataFolder, type DataFolderLock } from '../core/common/data-folder-lock';
import type { Core } from '../core/core';
import { unavailableSealer, type CoreHost } from '../core/host-interface';
import { createCore } from '../core/index';
import { storedSandboxSecret } from '../core/profiles/profile-store';
import { APP_VERSION } from '../headless/app-version';
import { NO_KEYRING_EXPLANATION } from '../headless/index';
import { freeLoopbackPort, LOOPBACK } from '../headless/listen';
import { confSettings } from '../headless/settings';
import { embeddedSandbox } from '../sandbox/embedded';
import { startSandbox } from '../sandbox/index';
import { readOnlySettings } from './read-only-settings';

export interface CliEngine {
  core: Core;
  dataDir: string;
  /** Whether dataDir is the run's own temporary folder (removed by close). */
  temporary: boolean;
  sandboxUrl: string;
  /** Closes the engine and the sandbox, and removes a temporary data folder; safe to call twice. */
  close(): Promise<void>;
}

interface CliEngineOptions {
  /** The app's data folder; undefined: a fresh temporary one. */
  dataDir?: string;
  /**
   * The fresh sandbox's app's client secret (tp check: TP_CLIENT_SECRET, the one the developer's
   * handler verifies with); undefined: a new random one.
   */
  sandboxClientSecret?: string;
  /** What a person is told to do when another process holds the data folder (default: tp run's words). */
  lockAdvice?: string;
  /** The sandbox's RSA signing key (PEM; tp check --signing-key); undefined: one made on need. */
  sandboxSigningKeyPem?: string;
}

export async function startCliEngine(options: CliEngineOptions = {}): Promise<CliEngine> {
  const temporary = options.dataDir === undefined;
  const dataDir = options.dataDir
    ? resolve(options.dataDir)
    : await mkdtemp(join(tmpdir(), 'tp-run-'));
  // In a temporary folder every port is a free one, so a run beside the open app (or another run)
  // never contends for the app's redirect and inbound ports; with the app's data, the saved ones.
  // With the app's data, the sandbox's stored secret too: the engine stores the one it runs with.
  const lock: DataFolderLock | null = temporary
    ? null
    : lockDataFolder(
        dataDir,
        'the command line',
        options.lockAdvice ??
          'Close it first (or let that run end), leave --profile out to run against a fresh embedded sandbox, or give --data-dir a folder of its own.',
      );
  const settings = temporary ? confSettings(dataDir) : readOnlySettings(confSettings(dataDir));
  const secrets = unavailableSealer(NO_KEYRING_EXPLANATION);
  const storedSecret = temporary
    ? undefined
    : storedSandboxSecret({ settings, secrets, paths: { dataDir } });
  const signingKey = options.sandboxSigningKeyPem
    ? { signing_key_pem: options.sandboxSigningKeyPem }
    : {};
  const sandbox = await startSandbox(
    temporary
      ? {
          ...signingKey,
          apps: [
            {
              redirect_uri: `http://${LOOPBACK}:${await freeLoopbackPort()}/callback`,
              ...(options.sandboxClientSecret
                ? { client_secret: options.sandboxClientSecret }
                : {}),
            },
          ],
        }
      : storedSecret !== undefined
        ? { ...signingKey, apps: [{ client_secret: storedSecret }] }
        : signingKey,
  ).catch(async (err: unknown) => {
    lock?.release();
    if (temporary) await rm(dataDir, { recursive: true, force: true });
    throw err;
  });
  let core: Core | undefined;
  try {
    const registration = embeddedSandbox(sandbox);
    const host: CoreHost = {
      appVersion: APP_VERSION,
      paths: { dataDir },
      settings,
      secrets,
      openExternal: (url) =>
        Promise.reject(
          new Error(`The command line opens no browser: open ${url} yourself, or run in the app.`),
        ),
      ...(registration ? { sandbox: registration } : {}),
    };
    core = await createCore(host, temporary ? { inboundPort: 0 } : {});
  } catch (err) {
    await sandbox.close().catch(() => undefined);
    lock?.release();
    if (temporary) await rm(dataDir, { recursive: true, force: true });
    throw err;
  }
  const started = core;
  let closing: Promise<void> | undefined;
  return {
    core: started,
    dataDir,
    temporary,
    sandboxUrl: sandbox.baseUrl,
    close: () =>
      (closing ??= (async () => {
        await started.close().catch(() => undefined);
        await sandbox.close().catch(() => undefined);
        lock?.release();
        if (temporary) await rm(dataDir, { recursive: true, force: true });
      })()),
  };
}
