// The renderer's Content-Security-Policy. The window loads only our own bundle: scripts, styles
// and fonts from it alone, no inline code, no plugins, no frames around it. Images come from https
// or the loopback sandbox (image-sources.ts says why).
// The renderer's index.html carries the same policy as a <meta> tag; this copy is sent as a
// response header for http(s) loads (the dev server), where a header outranks a meta tag.
import { IMG_SRC_DIRECTIVE } from '../../src-shared/rules/image-sources';

export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  IMG_SRC_DIRECTIVE,
  "connect-src 'self'",
  "font-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

type Headers = Record<string, string[] | string>;

/** The response headers with our policy set, replacing any policy header the server sent. */
export function withCsp(headers: Headers | undefined): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (name.toLowerCase() === 'content-security-policy') continue;
    out[name] = Array.isArray(value) ? value : [value];
  }
  out['Content-Security-Policy'] = [CONTENT_SECURITY_POLICY];
  return out;
}
