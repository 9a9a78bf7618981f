// What opening a URL means in the Electron shell. The rest of the CoreHost it gives the engine
// (electron-store settings, safeStorage secrets, the embedded sandbox's registration) is put
// together by the start-up every host shares (host-start/start-host-engine.ts).
import { isWebUrl } from './app-url';

/** Opens web links only: a file: or custom-scheme URL could launch a local program. */
export function externalOpener(open: (url: string) => Promise<void>) {
  return async (url: string): Promise<void> => {
    if (!isWebUrl(url))
      throw new Error(`Only http and https links open in the browser; refused ${url}.`);
    await open(url);
  };
}
