// The CoreHost the Electron shell gives the engine: electron-store settings, safeStorage secrets,
// the system browser for web links, and the embedded sandbox's registration.
import type { CoreHost, EmbeddedSandbox, SecretSealer, SettingsStore } from '../core/host';
import type { RunningSandbox } from '../sandbox/index';
import { isWebUrl } from './app-url';

/** The sandbox's first registered app, in the engine's field names. */
export function embeddedSandbox(
  running: Pick<RunningSandbox, 'baseUrl' | 'apps'>,
): EmbeddedSandbox | undefined {
  const app = running.apps[0];
  if (!app) return undefined;
  return {
    baseUrl: running.baseUrl,
    app: {
      name: app.name,
      clientId: app.client_id,
      clientSecret: app.client_secret,
      redirectUri: app.redirect_uri,
      scopes: [...app.scopes],
      endpointUrl: app.endpoint_url,
      managementUrl: app.management_url,
      directoryUrl: app.directory_url,
    },
  };
}

/** Opens web links only: a file: or custom-scheme URL could launch a local program. */
export function externalOpener(open: (url: string) => Promise<void>) {
  return async (url: string): Promise<void> => {
    if (!isWebUrl(url))
      throw new Error(`Only http and https links open in the browser; refused ${url}.`);
    await open(url);
  };
}

export interface ElectronHostParts {
  appVersion: string;
  dataDir: string;
  settings: SettingsStore;
  secrets: SecretSealer;
  openExternal: (url: string) => Promise<void>;
  sandbox: Pick<RunningSandbox, 'baseUrl' | 'apps'> | null;
}

export function electronHost(parts: ElectronHostParts): CoreHost {
  const sandbox = parts.sandbox ? embeddedSandbox(parts.sandbox) : undefined;
  return {
    appVersion: parts.appVersion,
    paths: { dataDir: parts.dataDir },
    settings: parts.settings,
    secrets: parts.secrets,
    openExternal: externalOpener(parts.openExternal),
    ...(sandbox ? { sandbox } : {}),
  };
}
