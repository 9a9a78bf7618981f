// Serves the built renderer, and nothing outside it: the path is decoded, resolved, and checked
// against the real (symlink-free) renderer directory before a byte is read. Both the headless
// host (headless/http-host.ts) and the Electron shell (electron/app-protocol.ts) serve it, so it
// lives in host-start/, which every host may import: the Electron shell must not import headless/.
import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.mp3': 'audio/mpeg',
  '.mp4': 'video/mp4',
  '.amr': 'audio/amr',
  '.pdf': 'application/pdf',
};

export function contentTypeFor(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

type StaticLookup =
  | { kind: 'file'; path: string; size: number; contentType: string }
  | { kind: 'not_found' }
  | { kind: 'bad_path' };

/**
 * Maps a URL pathname to a file inside `root`. `/` means index.html. Anything that decodes badly,
 * holds a NUL, or resolves (even through a symlink) outside `root` is `bad_path`.
 */
export async function lookupStatic(root: string, pathname: string): Promise<StaticLookup> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return { kind: 'bad_path' };
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return { kind: 'bad_path' };
  if (decoded === '/' || decoded === '') decoded = '/index.html';

  let realRoot: string;
  try {
    realRoot = await realpath(root);
  } catch {
    return { kind: 'not_found' };
  }
  const candidate = resolve(realRoot, `.${decoded}`);
  if (!isInside(realRoot, candidate)) return { kind: 'bad_path' };

  let realFile: string;
  try {
    realFile = await realpath(candidate);
  } catch {
    return { kind: 'not_found' };
  }
  if (!isInside(realRoot, realFile)) return { kind: 'bad_path' };
  const info = await stat(realFile);
  if (!info.isFile()) return { kind: 'not_found' };
  return { kind: 'file', path: realFile, size: info.size, contentType: contentTypeFor(realFile) };
}

function isInside(root: string, path: string): boolean {
  return path === root || path.startsWith(root.endsWith(sep) ? root : root + sep);
}

export function openFile(path: string) {
  return createReadStream(path);
}
