// Where a collection may name a built-in secret. A collection is untrusted input (a colleague's
// folder, a pull request run in CI, a file from the internet): were `{{client_secret}}` or a token
// filled in anywhere, a step could carry it in a message text, a header or a URL to whoever reads
// it. So each secret is filled in only where the platform asks for it (API document §5):
// `{{client_secret}}` as the client_secret parameter of an endpoint that takes one (the token
// endpoint), and `{{app_token}}` / `{{user_token}}` as a request's `Authorization: Bearer …`
// header. The loader refuses a file that names one elsewhere; the runner checks again before it
// fills a step in.
import { ENDPOINTS } from '../spec/endpoints';
import { isSecretVariable, templateNames } from './templates';

/** The endpoints whose parameters include client_secret (the token endpoint). */
export const CLIENT_SECRET_ENDPOINTS: readonly string[] = ENDPOINTS.filter((e) =>
  e.params.some((p) => p.name === 'client_secret'),
).map((e) => e.id);

const CLIENT_SECRET_VALUE = /^\{\{\s*client_secret\s*\}\}$/;
const BEARER_TOKEN_VALUE = /^Bearer \{\{\s*(app_token|user_token)\s*\}\}$/i;

export type ValuePath = readonly (string | number)[];

interface MisplacedSecret {
  /** Where the secret is written, from the value checked (`steps.2.request.params.text`). */
  path: ValuePath;
  name: string;
}

/** Whether `value`, at `path` of a step, is one of the places its secret belongs. */
function inItsPlace(step: unknown, path: ValuePath, value: string): boolean {
  if (path.length !== 3 || path[0] !== 'request') return false;
  const request = (step as { request?: { endpoint?: unknown } }).request;
  if (path[1] === 'params' && path[2] === 'client_secret')
    return (
      CLIENT_SECRET_ENDPOINTS.includes(String(request?.endpoint)) &&
      CLIENT_SECRET_VALUE.test(value.trim())
    );
  if (path[1] === 'headers' && String(path[2]).toLowerCase() === 'authorization')
    return BEARER_TOKEN_VALUE.test(value.trim());
  return false;
}

/**
 * Calls `found` for each string holding a `{{name}}`, with where it is. One path, added to and
 * taken from as it goes (copied only for a string found): the runner checks every step it runs.
 */
function walk(
  value: unknown,
  path: (string | number)[],
  found: (at: ValuePath, v: string) => void,
) {
  if (typeof value === 'string') {
    if (value.includes('{{')) found(path.slice(), value);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.map((item, i) => [i, item])
    : Object.entries(value);
  for (const [key, inner] of entries) {
    path.push(key);
    walk(inner, path, found);
    path.pop();
  }
}

/**
 * Steps already looked at: the runner checks each step it runs, and a step read from a file is the
 * same object at every run of it (the loader keeps the files it read).
 */
const checkedSteps = new WeakMap<object, readonly MisplacedSecret[]>();

/** The built-in secrets a step names outside their places, each with where it is written. */
export function misplacedSecretsOfStep(step: object): readonly MisplacedSecret[] {
  const known = checkedSteps.get(step);
  if (known) return known;
  const misplaced: MisplacedSecret[] = [];
  walk(step, [], (path, value) => {
    const secrets = templateNames(value).filter(isSecretVariable);
    if (secrets.length === 0 || inItsPlace(step, path, value)) return;
    for (const name of secrets) misplaced.push({ path, name });
  });
  checkedSteps.set(step, misplaced);
  return misplaced;
}

/** The built-in secrets named anywhere in `value` (a map of variables, a capture…). */
export function secretsAnywhere(value: unknown): MisplacedSecret[] {
  const found: MisplacedSecret[] = [];
  walk(value, [], (path, text) => {
    for (const name of templateNames(text).filter(isSecretVariable)) found.push({ path, name });
  });
  return found;
}

/** The words for a secret out of its place: where, which, where it may go, and that nothing went. */
export function misplacedSecretWords(where: string, name: string): string {
  return `${where} uses {{${name}}}: built-in secrets are filled in only as the token endpoint's client_secret ({{client_secret}}) and a request's Authorization header (Bearer {{app_token}} or Bearer {{user_token}}), so a collection cannot carry them anywhere else. Remove it from there, or let "as" and "user" pick the token; nothing was sent.`;
}
