// The request target as path + query. A plain "/path?query" (the common case, on every request)
// is split without building a URL; anything unusual goes through the URL parser, which normalises
// dot segments and percent-encoding.
export type Target = Pick<URL, 'pathname' | 'searchParams'>;

const PLAIN_PATH = /^\/[A-Za-z0-9_\-/]*(\.json)?$/;

export function parseTarget(raw: string | undefined): Target | null {
  const target = raw ?? '/';
  const q = target.indexOf('?');
  const path = q === -1 ? target : target.slice(0, q);
  if (PLAIN_PATH.test(path) && !path.includes('//')) {
    return {
      pathname: path,
      searchParams: new URLSearchParams(q === -1 ? '' : target.slice(q + 1)),
    };
  }
  try {
    return new URL(target, 'http://sandbox.invalid');
  } catch {
    return null;
  }
}
