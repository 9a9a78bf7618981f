// Where the window's page comes from, and the test every navigation and IPC sender must pass:
// "is this URL our own app?". The app loads from its own scheme (app-protocol.ts); in development,
// and only when asked for explicitly, electron-vite serves the renderer and names it in
// ELECTRON_RENDERER_URL.
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { APP_ENTRY_URL, isAppSchemeUrl } from './app-protocol';

export interface AppLocation {
  /** What the window loads. */
  url: string;
  /** True when `candidate` is a page of this app (the app scheme, or the dev server's origin). */
  isAppUrl(candidate: string): boolean;
}

/** out/main/index.js lives next to out/renderer and out/preload. */
export function outDir(mainModuleUrl: string): string {
  return dirname(dirname(fileURLToPath(mainModuleUrl)));
}

export function preloadPath(out: string): string {
  return join(out, 'preload', 'index.cjs');
}

export function rendererDir(out: string): string {
  return join(out, 'renderer');
}

/**
 * The dev server counts only on loopback over http: the window hands its page the engine, so an
 * environment variable must not be able to point it at some other site.
 */
function isLoopbackDevUrl(value: string | undefined): value is string {
  const u = value ? safeUrl(value) : null;
  return u?.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname);
}

/**
 * The dev server is used only when development was asked for (`--tp-dev`) and the app is not
 * packaged: an installed app always shows the bundle it shipped with.
 */
export function devServerToUse(options: {
  devServerUrl: string | undefined;
  development: boolean;
  packaged: boolean;
}): string | undefined {
  if (!options.development || options.packaged) return undefined;
  return isLoopbackDevUrl(options.devServerUrl) ? options.devServerUrl : undefined;
}

export function appLocation(devServerUrl: string | undefined): AppLocation {
  if (isLoopbackDevUrl(devServerUrl)) {
    const origin = new URL(devServerUrl).origin;
    return {
      url: devServerUrl,
      isAppUrl: (candidate) => safeUrl(candidate)?.origin === origin,
    };
  }
  return { url: APP_ENTRY_URL, isAppUrl: isAppSchemeUrl };
}

function safeUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/** Only web links may leave the app for the system browser: never file:, javascript:, custom schemes. */
export function isWebUrl(value: string): boolean {
  const u = safeUrl(value);
  return u?.protocol === 'http:' || u?.protocol === 'https:';
}
