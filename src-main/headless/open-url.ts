// Opening a URL in the system's default browser, when the machine has a way to (a headless
// server or a container usually has none, and that is fine).
import { spawn } from 'node:child_process';

export interface Opener {
  command: string;
  args: (url: string) => string[];
}

export function systemOpener(platform: NodeJS.Platform = process.platform): Opener {
  if (platform === 'darwin') return { command: 'open', args: (url) => [url] };
  // Not `cmd /c start`: cmd would read & and ^ in the URL as its own syntax.
  if (platform === 'win32')
    return { command: 'rundll32', args: (url) => ['url.dll,FileProtocolHandler', url] };
  return { command: 'xdg-open', args: (url) => [url] };
}

export function isWebUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Resolves true once the opener started, false when there is none. Only http(s) URLs: a file: or
 * custom-scheme URL handed to the system opener could launch a local program.
 */
export function openInBrowser(url: string, opener: Opener = systemOpener()): Promise<boolean> {
  if (!isWebUrl(url))
    return Promise.reject(
      new Error(`Only http and https links open in the browser; refused ${url}.`),
    );
  return new Promise((resolve) => {
    let child;
    try {
      child = spawn(opener.command, opener.args(url), { stdio: 'ignore', detached: true });
    } catch {
      resolve(false);
      return;
    }
    child.once('error', () => resolve(false));
    child.once('spawn', () => {
      child.unref();
      resolve(true);
    });
  });
}
