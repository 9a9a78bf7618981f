// The loopback server's guards: who may talk to it (Host allowlist, Origin check, session cookie)
// and the headers every response carries. Pure functions, so each rule is unit-testable.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import { IMG_SRC_DIRECTIVE } from '../../src-shared/rules/image-sources';

/**
 * The session cookie's name carries the port: browsers key cookies by host, not port, so two hosts
 * running at once (two data dirs, say) would otherwise overwrite each other's session in one browser.
 */
function sessionCookieName(port: number): string {
  return `tp_session_${port}`;
}

/** 32 random bytes, base64url: printed once in the URL, then carried by an HttpOnly cookie. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Constant-time comparison. Both sides are hashed first so the comparison never depends on (or
 * leaks) the length of what the caller sent.
 */
export function tokensEqual(expected: string, candidate: string): boolean {
  const a = createHash('sha256').update(expected).digest();
  const b = createHash('sha256').update(candidate).digest();
  return timingSafeEqual(a, b);
}

/** Every value of one cookie name in a Cookie header (a browser may send several). */
export function cookieValues(header: string | undefined, name: string): string[] {
  if (!header) return [];
  const values: string[] = [];
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) values.push(part.slice(eq + 1).trim());
  }
  return values;
}

export function hasSession(headers: IncomingHttpHeaders, token: string, port: number): boolean {
  // Check every candidate: a browser may send the same name twice (say, for two paths).
  let ok = false;
  for (const value of cookieValues(headers.cookie, sessionCookieName(port))) {
    if (tokensEqual(token, value)) ok = true;
  }
  return ok;
}

export function sessionCookie(token: string, port: number): string {
  return `${sessionCookieName(port)}=${token}; HttpOnly; SameSite=Strict; Path=/`;
}

/**
 * DNS rebinding defence: a page on evil.example whose name resolves to 127.0.0.1 still sends
 * `Host: evil.example`, so only the loopback names of our own port are accepted.
 */
export function isAllowedHost(host: string | undefined, port: number): boolean {
  if (!host) return false;
  const h = host.toLowerCase();
  return h === `127.0.0.1:${port}` || h === `localhost:${port}` || h === `[::1]:${port}`;
}

/** The origins our own page has; anything else (another site, `null`, a file) is foreign. */
export function isAllowedOrigin(origin: string | undefined, port: number): boolean {
  if (!origin) return false;
  const o = origin.toLowerCase();
  return o === `http://127.0.0.1:${port}` || o === `http://localhost:${port}`;
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF defence for HTTP: a browser always sends Origin on these methods, so a foreign one is
 * refused. A missing Origin means a non-browser client, which still needs the cookie.
 */
export function isForeignStateChange(
  method: string | undefined,
  origin: string | undefined,
  port: number,
): boolean {
  if (!STATE_CHANGING.has((method ?? 'GET').toUpperCase())) return false;
  return origin !== undefined && !isAllowedOrigin(origin, port);
}

/**
 * For a GET that hands out the session's data (an export): besides the SameSite=Strict cookie, a
 * browser that says the request came from another site (`Sec-Fetch-Site`) is refused. A missing
 * header (a non-browser client, an older browser) still needs the cookie.
 */
export function isCrossSiteFetch(headers: IncomingHttpHeaders): boolean {
  const site = headers['sec-fetch-site'];
  return site !== undefined && site !== 'same-origin' && site !== 'none';
}

export function contentSecurityPolicy(port: number): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    IMG_SRC_DIRECTIVE,
    // 'self' covers ws: on the same host and port in CSP 3; the explicit origins are for
    // browsers that predate it (older Safari).
    `connect-src 'self' ws://127.0.0.1:${port} ws://localhost:${port}`,
    "font-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** On every response. Deliberately no Access-Control-Allow-*: no other origin may read us. */
export function securityHeaders(port: number): OutgoingHttpHeaders {
  return {
    'content-security-policy': contentSecurityPolicy(port),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'DENY',
  };
}
