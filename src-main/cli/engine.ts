// The engine as the command line runs it: the embedded sandbox and the core (with its receiver),
// no window and no HTTP host. By default in a fresh temporary data folder removed at the end, so a
// run touches nothing of the person's app data; with a data folder (--profile), the app's own,
// taken from no other process (the app must be closed), its settings read but never changed.
import { createCore, unavailableSealer, type Core } from '../core/index';
import { APP_VERSION } from '../headless/app-version';
import { NO_KEYRING_EXPLANATION } from '../headless/index';
import { freeLoopbackPort, LOOPBACK } from '../headless/listen';
import { confSettings } from '../headless/settings';
import { startHostEngine } from '../host-start/start-host-engine';
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
  const engine = await startHostEngine({
    dataDir: options.dataDir,
    lock: temporary
      ? null
      : {
          holder: 'the command line',
          advice:
            options.lockAdvice ??
            'Close it first (or let that run end), leave --profile out to run against a fresh embedded sandbox, or give --data-dir a folder of its own.',
        },
    settings: (dataDir) =>
      temporary ? confSettings(dataDir) : readOnlySettings(confSettings(dataDir)),
    secrets: unavailableSealer(NO_KEYRING_EXPLANATION),
    // In a temporary folder every port is a free one, so a run beside the open app (or another
    // run) never contends for the app's redirect and inbound ports; with the app's data, the saved
    // ones. With the app's data, the sandbox's stored secret too: the engine stores the one it
    // runs with. Either way a short-lived sandbox that keeps no state.
    startSandbox: async ({ storedClientSecret }) => {
      const signingKey = options.sandboxSigningKeyPem
        ? { signing_key_pem: options.sandboxSigningKeyPem }
        : {};
      if (temporary) {
        return startSandbox({
          ...signingKey,
          apps: [
            {
              redirect_uri: `http://${LOOPBACK}:${await freeLoopbackPort()}/callback`,
              ...(options.sandboxClientSecret
                ? { client_secret: options.sandboxClientSecret }
                : {}),
            },
          ],
        });
      }
      const stored = storedClientSecret();
      return startSandbox(
        stored !== undefined ? { ...signingKey, apps: [{ client_secret: stored }] } : signingKey,
      );
    },
    appVersion: APP_VERSION,
    openExternal: (url) =>
      Promise.reject(
        new Error(`The command line opens no browser: open ${url} yourself, or run in the app.`),
      ),
    createCore,
    coreOptions: temporary ? { inboundPort: 0 } : {},
    // A run's outcome is already told: a part that fails to close changes nothing of it.
    closeFailed: () => undefined,
  });
  return {
    core: engine.core,
    dataDir: engine.dataDir,
    temporary,
    sandboxUrl: engine.sandbox.baseUrl,
    close: () => engine.close(),
  };
}
