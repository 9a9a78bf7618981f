// Reads a Postman collection v2.1 or a HAR 1.2 document into the requests it holds, each with the
// sub-folder it goes to (Postman folders become sub-folders). What cannot be read as a request
// (a raw JSON body, a GraphQL query, a script) is reported in words.
import type { ImportedParam, ImportedRequest } from './import-request';

interface SourceRequest {
  /** The sub-folder's names, from the outer one in. */
  folders: string[];
  request: ImportedRequest;
}

export interface SourceRead {
  requests: SourceRequest[];
  skipped: string[];
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : v == null ? '' : String(v));
const list = (v: unknown): Json[] => (Array.isArray(v) ? v.filter(isObject) : []);

function formText(text: string): ImportedParam[] {
  return [...new URLSearchParams(text)].map(([name, value]) => ({ name, value }));
}

function contentType(headers: Json[], nameKey: string, valueKey: string): string {
  const found = headers.find((h) => str(h[nameKey]).toLowerCase() === 'content-type');
  return str(found?.[valueKey]).toLowerCase();
}

function postmanDescription(value: unknown): string | undefined {
  const text = isObject(value) ? str(value.content) : str(value);
  return text.trim() ? text : undefined;
}

/** A Postman request's URL as text: v2.1 writes a string or an object with `raw`. */
function postmanUrl(url: unknown): { raw: string; query: ImportedParam[] } {
  if (!isObject(url)) return { raw: str(url), query: [] };
  const query = list(url.query)
    .filter((q) => q.disabled !== true)
    .map((q) => ({ name: str(q.key), value: str(q.value) }));
  return { raw: str(url.raw).split('?')[0] ?? '', query };
}

function postmanBody(body: unknown, headers: Json[]): ImportedParam[] | string {
  if (!isObject(body)) return [];
  const enabled = (entries: unknown) => list(entries).filter((e) => e.disabled !== true);
  switch (body.mode) {
    case 'urlencoded':
      return enabled(body.urlencoded).map((e) => ({ name: str(e.key), value: str(e.value) }));
    case 'formdata':
      return enabled(body.formdata).map((e) =>
        e.type === 'file'
          ? { name: str(e.key), value: '', file: Array.isArray(e.src) ? str(e.src[0]) : str(e.src) }
          : { name: str(e.key), value: str(e.value) },
      );
    case 'raw':
      if (contentType(headers, 'key', 'value').startsWith('application/x-www-form-urlencoded')) {
        return formText(str(body.raw));
      }
      return 'its body is raw text, not a form (API document §4: bodies are form-encoded)';
    case undefined:
    case 'none':
      return [];
    default:
      return `its body mode ${str(body.mode)} does not translate (bodies are form-encoded or multipart)`;
  }
}

function authorizationOf(headers: Json[], auth: unknown): string | undefined {
  const header = headers.find((h) => str(h.key).toLowerCase() === 'authorization');
  if (header) return str(header.value);
  if (isObject(auth) && auth.type === 'bearer') {
    const token = list(auth.bearer).find((e) => e.key === 'token');
    return token ? `Bearer ${str(token.value)}` : 'Bearer';
  }
  return undefined;
}

const SCRIPT_WORDS: Record<string, string> = {
  prerequest:
    'its Postman pre-request script (scripts do not translate: a value it set is a variable to define, a token it fetched is named by "as")',
  test: 'its Postman test script (scripts do not translate; add checks under expect)',
};

/**
 * Scripts of a request, a folder or the collection (Postman runs them; they do not translate), in
 * words for the list of what was left out. An empty script, as Postman writes them, is no loss.
 */
function scriptNotes(where: string, events: unknown, how: 'imported without' | 'left out') {
  return list(events)
    .filter((e) => {
      const exec = isObject(e.script) ? e.script.exec : undefined;
      const text = Array.isArray(exec) ? exec.map(str).join('') : str(exec);
      return SCRIPT_WORDS[str(e.listen)] !== undefined && text.trim() !== '';
    })
    .map((e) =>
      how === 'imported without'
        ? `${where}: imported without ${SCRIPT_WORDS[str(e.listen)]}.`
        : `${where}: ${SCRIPT_WORDS[str(e.listen)]} was left out.`,
    );
}

export function readPostman(content: unknown): SourceRead {
  const requests: SourceRequest[] = [];
  const skipped: string[] = [];
  if (!isObject(content) || !isObject(content.info) || !Array.isArray(content.item)) {
    throw new Error('This is not a Postman collection v2.1: it has no info and item.');
  }
  const schema = str(content.info.schema);
  if (schema && !schema.includes('v2.1') && !schema.includes('v2.0')) {
    throw new Error(`This Postman collection follows ${schema}; export it as Collection v2.1.`);
  }
  const walk = (items: Json[], folders: string[], inheritedAuth: unknown) => {
    for (const item of items) {
      const name = str(item.name) || 'request';
      const where = [...folders, name].join(' / ');
      const auth = item.auth ?? inheritedAuth;
      if (Array.isArray(item.item)) {
        skipped.push(...scriptNotes(where, item.event, 'left out'));
        walk(list(item.item), [...folders, name], auth);
        continue;
      }
      if (!isObject(item.request) && typeof item.request !== 'string') {
        skipped.push(`${where}: it has no request.`);
        continue;
      }
      const request = isObject(item.request) ? item.request : { url: item.request };
      const headers = list(request.header).filter((h) => h.disabled !== true);
      const url = postmanUrl(request.url);
      const body = postmanBody(request.body, headers);
      if (typeof body === 'string') {
        skipped.push(`${where}: ${body}.`);
        continue;
      }
      skipped.push(...scriptNotes(where, item.event, 'imported without'));
      const description = postmanDescription(request.description ?? item.description);
      requests.push({
        folders,
        request: {
          name,
          ...(description ? { description } : {}),
          method: str(request.method) || 'GET',
          url: url.raw,
          authorization: authorizationOf(headers, request.auth ?? auth),
          params: [...url.query, ...body],
        },
      });
    }
  };
  skipped.push(...scriptNotes('The collection', content.event, 'left out'));
  walk(list(content.item), [], content.auth);
  return { requests, skipped };
}

function harParams(request: Json): ImportedParam[] | string {
  const query = list(request.queryString).map((q) => ({ name: str(q.name), value: str(q.value) }));
  const post = request.postData;
  if (!isObject(post)) return query;
  const mime = str(post.mimeType).toLowerCase();
  if (Array.isArray(post.params) && post.params.length > 0) {
    return [
      ...query,
      ...list(post.params).map((p) =>
        p.fileName !== undefined
          ? { name: str(p.name), value: '', file: str(p.fileName) }
          : { name: str(p.name), value: str(p.value) },
      ),
    ];
  }
  if (mime.startsWith('application/x-www-form-urlencoded'))
    return [...query, ...formText(str(post.text))];
  if (!str(post.text)) return query;
  return `its body is ${mime || 'of no type'}, not a form (API document §4: bodies are form-encoded)`;
}

export function readHar(content: unknown): SourceRead {
  const log = isObject(content) ? content.log : undefined;
  if (!isObject(log) || !Array.isArray(log.entries)) {
    throw new Error('This is not a HAR file: it has no log.entries.');
  }
  const requests: SourceRequest[] = [];
  const skipped: string[] = [];
  list(log.entries).forEach((entry, index) => {
    const request = isObject(entry.request) ? entry.request : {};
    const method = str(request.method) || 'GET';
    const url = str(request.url);
    const where = `entry ${index + 1} (${method} ${url.split('?')[0]})`;
    const params = harParams(request);
    if (typeof params === 'string') {
      skipped.push(`${where}: ${params}.`);
      return;
    }
    const headers = list(request.headers);
    const authorization = headers.find((h) => str(h.name).toLowerCase() === 'authorization');
    const status = isObject(entry.response) ? Number(entry.response.status) : 0;
    let path = url;
    try {
      path = new URL(url).pathname;
    } catch {
      // The name falls back on the URL as written.
    }
    requests.push({
      folders: [],
      request: {
        name: `${method} ${path}`,
        ...(str(entry.comment) ? { description: str(entry.comment) } : {}),
        method,
        url,
        ...(authorization ? { authorization: str(authorization.value) } : {}),
        params,
        ...(Number.isInteger(status) && status > 0 ? { status } : {}),
      },
    });
  });
  return { requests, skipped };
}
