// The request target as path + query. A plain "/path?query" (the common case, on every request)
// is split without building a URL; anything unusual goes through the shared request-target parser
// (the engine's servers use it too), which normalises dot segments and percent-encoding and
// refuses what is not a path.
import { parseRequestTarget } from '../../../src-shared/rules/request-target';

export type Target = Pick<URL, 'pathname' | 'searchParams'>;

const PLAIN_PATH = /^\/[A-Za-z0-9_\-/]*(\.json)?$/;

/** The target's path and query, or the words saying why it is refused (for a 400). */
export function parseTarget(raw: string | undefined): Target | { problem: string } {
  const target = raw ?? '/';
  const q = target.indexOf('?');
  const path = q === -1 ? target : target.slice(0, q);
  if (PLAIN_PATH.test(path) && !path.includes('//')) {
    return {
      pathname: path,
      searchParams: new URLSearchParams(q === -1 ? '' : target.slice(q + 1)),
    };
  }
  const parsed = parseRequestTarget(target);
  return parsed.ok ? parsed.url : { problem: parsed.problem };
}
