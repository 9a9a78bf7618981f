// The window's page comes from a privileged custom scheme, tp-inspector://app/, served from
// out/renderer by protocol.handle. Unlike file://, it is a real origin: 'self' in the CSP means our
// bundle and nothing else on disk, the page cannot read other local files, and the file scheme
// needs no extra privileges (the GrantFileProtocolExtraPrivileges fuse is off).
import { readFile } from 'node:fs/promises';
import type { Protocol } from 'electron';
import { lookupStatic } from '../host-start/static-files';
import { CONTENT_SECURITY_POLICY } from './csp';

const APP_SCHEME = 'tp-inspector';
const APP_HOST = 'app';
export const APP_ENTRY_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

/**
 * Must run before the app is ready: Chromium reads the scheme list once, at start-up. `standard`
 * gives the scheme an origin and relative URLs; `secure` lets the page use what needs a secure
 * context; `supportFetchAPI` lets the bundle fetch its own files.
 */
export function registerAppScheme(protocol: Pick<Protocol, 'registerSchemesAsPrivileged'>): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: APP_SCHEME,
      privileges: { standard: true, secure: true, supportFetchAPI: true },
    },
  ]);
}

/** True when `candidate` is a page or file of the app's own origin. */
export function isAppSchemeUrl(candidate: string): boolean {
  try {
    const u = new URL(candidate);
    return u.protocol === `${APP_SCHEME}:` && u.host === APP_HOST;
  } catch {
    return false;
  }
}

function plain(status: number, text: string): Response {
  return new Response(text, {
    status,
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    },
  });
}

/**
 * Answers a request on the app scheme with a file of `rendererDir`, and nothing outside it:
 * lookupStatic (shared with the headless host) refuses encoded `..`, NULs, backslashes and
 * symlinks that lead out. Every answer carries the CSP, which outranks the page's meta tag.
 */
export function appRequestHandler(rendererDir: string) {
  return async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    if (url.host !== APP_HOST) return plain(404, `No such app origin: ${url.host}.`);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return plain(405, `${request.method} is not served here: the app's files are read-only.`);
    }
    const found = await lookupStatic(rendererDir, url.pathname);
    if (found.kind === 'bad_path') return plain(400, 'Refused: that path leaves the app folder.');
    if (found.kind === 'not_found') return plain(404, `Not found: ${url.pathname}.`);
    const body = request.method === 'HEAD' ? null : await readFile(found.path);
    return new Response(body, {
      status: 200,
      headers: {
        'Content-Type': found.contentType,
        'Content-Length': String(found.size),
        'Content-Security-Policy': CONTENT_SECURITY_POLICY,
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'no-cache',
      },
    });
  };
}

/** After ready: serves out/renderer on the app scheme. */
export function serveAppScheme(protocol: Pick<Protocol, 'handle'>, rendererDir: string): void {
  protocol.handle(APP_SCHEME, appRequestHandler(rendererDir));
}
