// The headless host, programmatically: the embedded sandbox, the engine, and the loopback server
// that serves the renderer and carries the contract over a WebSocket. serve.ts is its CLI; tests
// start it in-process.
import { basename, resolve } from 'node:path';
import {
  createCore as realCreateCore,
  unavailableSealer,
  type Core,
  type CoreHost,
  type CoreOptions,
  type SecretSealer,
} from '../core/index';
import { startHostEngine } from '../host-start/start-host-engine';
import { startStableSandbox } from '../sandbox/stable-port';
import type { SandboxOptions } from '../sandbox/types';
import { APP_VERSION } from './app-version';
import { startHttpHost, type HttpHost } from './http-host';
import { freeLoopbackPort, LOOPBACK } from './listen';
import { openInBrowser, type Opener } from './open-url';
import { confSettings } from './settings';

// Only the why: the engine adds what follows from it (memory only, or a file the user allowed).
export const NO_KEYRING_EXPLANATION = 'The headless host has no OS keyring to seal secrets with.';

interface HeadlessHostOptions {
  /** undefined = 5874 if free, else any free port; 0 = any free port. */
  port?: number;
  dataDir: string;
  /**
   * The port of the embedded sandbox app's redirect URI (where "Connect user" listens); 0 = any
   * free port, so that several hosts on one machine don't contend for it; undefined = 47615.
   */
  redirectPort?: number;
  /** The inbound endpoint's port (--inbound-port); 0 = any free one; undefined = 5875 if free. */
  inboundPort?: number;
  /**
   * The embedded sandbox's port (--sandbox-port); 0 = any free one; undefined = the last one it
   * had (saved in the data folder's settings), 5873 the first time; a taken port gives a free one.
   */
  sandboxPort?: number;
  /** The built renderer; defaults to ../renderer beside the built host (out/renderer). */
  rendererDir?: string;
  /** How secrets are sealed at rest; the headless host has no keyring (tests give one). */
  secrets?: SecretSealer;
  /** Fixed session token, for tests only. */
  token?: string;
  /** How URLs open in the system browser (tests replace it). */
  opener?: Opener;
  /**
   * The default data folder (no --data-dir): carry over an earlier version's folder into it the
   * first time, once the folder is locked (core/common/data-folder.ts).
   */
  carryOverOlderData?: boolean;
  /** The engine factory (tests may swap in a fake). */
  createCore?: (host: CoreHost, options?: CoreOptions) => Promise<Core>;
}

export interface HeadlessHost {
  /** http://127.0.0.1:PORT/?token=TOKEN */
  url: string;
  port: number;
  token: string;
  sandboxUrl: string;
  /** The sandbox port asked for, when the sandbox got another (it was taken); else null. */
  sandboxPortTaken: number | null;
  /** What was carried over from an earlier version's folder at this start, in words; else null. */
  carriedOver: string | null;
  /** Where secrets are kept at rest, as the engine chose at start. */
  secretStorage: 'sealed' | 'plain-file' | 'memory';
  /** The receiver's delivery URL for the active profile (null when the engine has none). */
  inboundUrl: string | null;
  dataDir: string;
  rendererDir: string;
  /** Closes the server, the engine and the sandbox; safe to call twice. */
  close(): Promise<void>;
}

function defaultRendererDir(): string {
  // Built, this code may sit in out/main/ or in a shared chunk under out/main/chunks/.
  const here = import.meta.dirname;
  return resolve(here, basename(here) === 'chunks' ? '../../renderer' : '../renderer');
}

async function sandboxOptions(
  stateFile: string,
  redirectPort: number | undefined,
  clientSecret: string | undefined,
): Promise<SandboxOptions> {
  const app = {
    ...(redirectPort !== undefined
      ? {
          redirect_uri: `http://${LOOPBACK}:${redirectPort === 0 ? await freeLoopbackPort() : redirectPort}/callback`,
        }
      : {}),
    ...(clientSecret !== undefined ? { client_secret: clientSecret } : {}),
  };
  return {
    state_file: stateFile,
    ...(Object.keys(app).length > 0 ? { apps: [app] } : {}),
  };
}

export async function startHeadlessHost(options: HeadlessHostOptions): Promise<HeadlessHost> {
  const rendererDir = resolve(options.rendererDir ?? defaultRendererDir());
  const engine = await startHostEngine({
    dataDir: options.dataDir,
    lock: {
      holder: 'the headless host',
      advice:
        'Use the one that is running (its URL was printed where it started), close it first, or start this one with --data-dir and a folder of its own.',
    },
    carryOverOlderData: options.carryOverOlderData,
    settings: confSettings,
    secrets: options.secrets ?? unavailableSealer(NO_KEYRING_EXPLANATION),
    // On --sandbox-port, else the port it had last time; keeping its state in the data folder.
    startSandbox: async ({ settings, storedClientSecret, stateFile }) =>
      startStableSandbox(
        settings,
        await sandboxOptions(stateFile, options.redirectPort, storedClientSecret()),
        options.sandboxPort,
      ),
    appVersion: APP_VERSION,
    openExternal: async (url) => {
      const opened = await openInBrowser(url, options.opener);
      if (!opened) {
        throw new Error(`This machine has no way to open a browser here: open ${url} yourself.`);
      }
    },
    createCore: options.createCore ?? realCreateCore,
    coreOptions: options.inboundPort !== undefined ? { inboundPort: options.inboundPort } : {},
  });
  const { core, dataDir, carriedOver, sandbox } = engine;
  let http: HttpHost;
  try {
    http = await startHttpHost({
      core,
      rendererDir,
      ...(options.port !== undefined ? { port: options.port } : {}),
      ...(options.token !== undefined ? { token: options.token } : {}),
    });
  } catch (err) {
    await engine.close().catch(() => undefined);
    throw err;
  }
  const inboundUrl = await core
    .invoke('inbound.status', {})
    .then((s) => s.suggested.endpointUrl)
    .catch(() => null);
  const secretStorage = await core
    .invoke('app.info', {})
    .then((info) => info.secretStorage.mode)
    .catch(() => 'memory' as const);
  let closing: Promise<void> | undefined;
  return {
    url: http.url,
    secretStorage,
    carriedOver: carriedOver?.words ?? null,
    port: http.port,
    token: http.token,
    sandboxUrl: sandbox.baseUrl,
    sandboxPortTaken:
      sandbox.wantedPort !== null && !sandbox.baseUrl.endsWith(`:${sandbox.wantedPort}`)
        ? sandbox.wantedPort
        : null,
    inboundUrl,
    dataDir,
    rendererDir,
    close: () =>
      (closing ??= (async () => {
        // Server first, so no command arrives at an engine that is shutting down.
        await http.close();
        await engine.close();
      })()),
  };
}
