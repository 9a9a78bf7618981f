// The CoreHost the Electron shell gives the engine: electron-store settings, safeStorage secrets,
// the system browser for web links, and the embedded sandbox's registration.
import type { CoreHost, SecretSealer, SettingsStore } from '../core/host-interface';
import { embeddedSandbox } from '../sandbox/embedded';
import type { RunningSandbox } from '../sandbox/index';
import { isWebUrl } from './app-url';

/** Opens web links only: a file: or custom-scheme URL could launch a local program. */
function externalOpener(open: (url: string) => Promise<void>) {
  return async (url: string): Promise<void> => {
    if (!isWebUrl(url))
      throw new Error(`Only http and https links open in the browser; refused ${url}.`);
    await open(url);
  };
}

interface ElectronHostParts {
  appVersion: string;
  dataDir: string;
  settings: SettingsStore;
  secrets: SecretSealer;
  openExternal: (url: string) => Promise<void>;
  sandbox:
    (Pick<RunningSandbox, 'baseUrl' | 'apps'> & Partial<Pick<RunningSandbox, 'stateFile'>>) | null;
  notices?: readonly string[];
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
    ...(parts.notices ? { notices: parts.notices } : {}),
  };
}
