// One request from another tool (a Postman item, a HAR entry) as a scenario of one request step:
// the path matched to a catalog endpoint (aliases included), the parameters from the query and the
// form body, who acts from the Authorization header and user_id. No secret is ever written: a
// secret parameter becomes `{{its name}}`, and the token is named by `as`, never copied.
import type { ScenarioInput } from '../../../../src-shared/collections/format';
import { ENDPOINTS, type EndpointSpec } from '../../../../src-shared/spec';
import { SECRET_PARAM_NAMES } from '../../log';

export interface ImportedParam {
  name: string;
  value: string;
  /** A file part: where the other tool read it (Postman's src, HAR's fileName). */
  file?: string;
}

export interface ImportedRequest {
  /** The item's name in the other tool, for the file name and the messages. */
  name: string;
  description?: string;
  method: string;
  url: string;
  authorization?: string;
  /** Query and body parameters together. */
  params: ImportedParam[];
  /** A recorded answer's status (HAR), kept as the step's status check. */
  status?: number;
}

type Translated =
  { ok: true; scenario: ScenarioInput; notes: string[] } | { ok: false; reason: string };

/** The URL's path from `/tp/` on; a leading `{{base_url}}` (Postman) stands for the server. */
function apiPath(url: string): string | null {
  const withoutQuery = url.split(/[?#]/)[0] ?? '';
  let path = withoutQuery.replace(/^\s*\{\{[^}]+\}\}/, '');
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(path)) {
    try {
      path = new URL(path).pathname;
    } catch {
      return null;
    }
  }
  const at = path.indexOf('/tp/');
  return at === -1 ? null : path.slice(at).replace(/\/+$/, '');
}

/** Who acts, from what the request carries (API document §5.3). */
function actingAs(
  endpoint: EndpointSpec,
  authorization: string | undefined,
  userId: string | undefined,
): { as?: 'app' | 'app-for-user' | 'user'; user?: string } {
  if (endpoint.auth === 'none') return {};
  if (userId !== undefined) return { as: 'app-for-user', user: userId };
  if (endpoint.auth === 'app') return { as: 'app' };
  // A user-scoped call with no user_id carries a user token; which user's is not in the request.
  const named = /\{\{\s*([A-Za-z_][A-Za-z0-9_.-]*)\s*\}\}/.exec(authorization ?? '')?.[1];
  if (named && /app/i.test(named)) return { as: 'app' };
  return { as: 'user', user: '{{user_id}}' };
}

/** A secret's value is never written: the parameter names a variable instead. */
function safeValue(name: string, value: string): string {
  if (!SECRET_PARAM_NAMES.has(name)) return value;
  return /^\{\{[^}]+\}\}$/.test(value.trim()) ? value.trim() : `{{${name}}}`;
}

/**
 * A file part's path as the other tool wrote it (Postman's src is often an absolute path on the
 * machine that exported it), kept only when it stays under the scenario's folder: an import never
 * writes a path that would send a file from outside the collection. Null when it does not.
 */
function pathInside(written: string): string | null {
  const path = written.trim().replace(/\\/g, '/');
  if (path === '' || path.startsWith('/') || path.startsWith('~')) return null;
  // A drive (C:) or a scheme (file://).
  if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(path)) return null;
  if (path.split('/').includes('..')) return null;
  return path;
}

export function translateRequest(request: ImportedRequest): Translated {
  const method = request.method.toUpperCase();
  const path = apiPath(request.url);
  if (path === null) {
    return { ok: false, reason: `${method} ${request.url} is not a /tp/ URL of the platform API` };
  }
  const endpoint = (ENDPOINTS as readonly EndpointSpec[]).find(
    (e) => e.method === method && (e.paths as readonly string[]).includes(path),
  );
  if (!endpoint) {
    const other = ENDPOINTS.find((e) => (e.paths as readonly string[]).includes(path));
    return {
      ok: false,
      reason: other
        ? `${path} takes ${other.method}, not ${method} (API document §${other.section})`
        : `${method} ${path} is not an endpoint of the API document §4`,
    };
  }
  const notes: string[] = [];
  const known = new Set(endpoint.params.map((p) => p.name));
  const params: Record<string, string> = {};
  const keepEmpty: string[] = [];
  let file: string | undefined;
  let userId: string | undefined;
  for (const param of request.params) {
    if (param.name === 'user_id' && endpoint.auth === 'user') {
      userId = param.value;
      continue;
    }
    if (!known.has(param.name)) {
      notes.push(`the parameter ${param.name} was dropped: ${path} has no such parameter`);
      continue;
    }
    if (param.file !== undefined) {
      const inside = pathInside(param.file);
      if (inside === null)
        notes.push(
          `the file of ${param.name} (${param.file}) was left out: it names a place outside the collection's folder (an absolute path, a drive or ..), which a step may not send from. Copy the file beside the scenario and add file: { path: <its name> }`,
        );
      else file = inside;
      continue;
    }
    params[param.name] = safeValue(param.name, param.value);
    if (param.value === '') keepEmpty.push(param.name);
  }
  const acting = actingAs(endpoint, request.authorization, userId);
  if (acting.user === '{{user_id}}') {
    notes.push('it acts with a user token: set the variable user_id to the user it is for');
  }
  const scenario: ScenarioInput = {
    name: request.name,
    ...(request.description ? { description: request.description } : {}),
    steps: [
      {
        request: {
          endpoint: endpoint.id,
          ...(path !== endpoint.paths[0] ? { path } : {}),
          ...acting,
          params,
          ...(keepEmpty.length > 0 ? { keep_empty: keepEmpty } : {}),
          ...(file !== undefined ? { file: { path: file } } : {}),
        },
        ...(request.status ? { expect: { status: request.status } } : {}),
      },
    ],
  };
  return { ok: true, scenario, notes };
}

/** A file name from an item's name: lower case, words joined by `-`, at most 60 characters. */
export function fileStem(name: string): string {
  const stem = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 60)
    .replace(/[-.]+$/, '');
  return stem || 'request';
}
