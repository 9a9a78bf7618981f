// Where the window's page comes from, and the test every navigation and IPC sender must pass:
// "is this URL our own app?". Production loads out/renderer/index.html from disk; in development
// electron-vite serves the renderer and names it in ELECTRON_RENDERER_URL.
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';

export interface AppLocation {
  /** What the window loads. */
  url: string;
  /** True when `candidate` is a page of this app (same file, or same dev-server origin). */
  isAppUrl(candidate: string): boolean;
}

/** out/main/index.js lives next to out/renderer and out/preload. */
export function outDir(mainModuleUrl: string): string {
  return dirname(dirname(fileURLToPath(mainModuleUrl)));
}

export function preloadPath(out: string): string {
  return join(out, 'preload', 'index.cjs');
}

/**
 * The dev server counts only on loopback over http: the window hands its page the engine, so an
 * environment variable must not be able to point it at some other site.
 */
export function isLoopbackDevUrl(value: string | undefined): value is string {
  const u = value ? safeUrl(value) : null;
  return u?.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname);
}

export function appLocation(out: string, devServerUrl: string | undefined): AppLocation {
  if (isLoopbackDevUrl(devServerUrl)) {
    const origin = new URL(devServerUrl).origin;
    return {
      url: devServerUrl,
      isAppUrl: (candidate) => safeUrl(candidate)?.origin === origin,
    };
  }
  const file = pathToFileURL(join(out, 'renderer', 'index.html'));
  return {
    url: file.href,
    // Same file only: a file: URL's origin is opaque, so compare the path, ignoring ?query/#hash.
    isAppUrl: (candidate) => {
      const u = safeUrl(candidate);
      return u?.protocol === 'file:' && u.pathname === file.pathname;
    },
  };
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
