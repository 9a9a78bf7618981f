// From what a person typed in the composer to the exact request: the fields that apply to the
// endpoint and msg_type (in catalog order), user_id from "act as", the vCard XML, and the body
// (query, form or multipart). Validation runs the catalog's own validateParams one parameter at
// a time, so every field gets its reason in words, not just the first one.
import {
  CommandError,
  type ActAs,
  type ComposerBuilt,
  type ComposerIssue,
} from '../../../src-shared/contract';
import { SECRET_PARAM_NAMES, redactValue } from '../log/redact';
import {
  ENDPOINTS,
  validateParams,
  type EndpointSpec,
  type ParamSpec,
} from '../../../src-shared/spec';
import { vcardProblem } from '../../../src-shared/spec/vcard-check';
import { templateNames } from '../../../src-shared/collections/templates';
import { resolveActAs } from './act-as';
import { buildMultipart, multipartPreview, type MultipartBody } from './multipart';
import { buildVcardXml, vcardEditorIssues } from '../common/vcard-xml';
import type { ComposerFileInfo, ComposerVcard } from '../../../src-shared/contract';

export interface ResolvedFile {
  name: string;
  bytes: Uint8Array;
  info: ComposerFileInfo;
}

export interface ComposerInput {
  endpointId: string;
  path?: string | undefined;
  params: Record<string, string>;
  keepEmpty: readonly string[];
  actAs: ActAs;
  vcard?: ComposerVcard | undefined;
  headers?: Record<string, string> | undefined;
}

export interface BuildContext {
  baseUrl: string;
  clientId: string;
  /** The profile's client secret for the token endpoint; null in a preview (a placeholder shows). */
  clientSecret: string | null;
  boundary?: string;
}

type BuiltBody =
  { kind: 'none' } | { kind: 'form'; text: string } | { kind: 'multipart'; body: MultipartBody };

export interface BuiltRequest {
  endpoint: EndpointSpec;
  view: ComposerBuilt;
  errors: ComposerIssue[];
  notes: ComposerIssue[];
  applicable: string[];
  /** What goes on the wire (secrets in clear): the Authorization header is added by the sender. */
  wire: { method: 'GET' | 'POST'; url: string; headers: Record<string, string>; body: BuiltBody };
  /** The text fields sent, in clear. */
  fields: Record<string, string>;
}

const SECRET_PLACEHOLDER = "‹the profile's client secret›";
const MAX_RAW_TEXT = 256 * 1024;

function findEndpoint(id: string): EndpointSpec {
  const found = (ENDPOINTS as readonly EndpointSpec[]).find((e) => e.id === id);
  if (!found) {
    throw new CommandError({
      code: 'invalid_input',
      message: `There is no endpoint "${id}" in the catalog. Choose one of ${ENDPOINTS.map((e) => e.id).join(', ')}.`,
      issues: [{ path: 'endpointId', message: 'unknown endpoint' }],
    });
  }
  return found;
}

function conditionHolds(p: ParamSpec, fields: ReadonlyMap<string, string>): boolean {
  if (!p.onlyWhen) return true;
  const value = fields.get(p.onlyWhen.param);
  return value !== undefined && p.onlyWhen.oneOf.includes(value);
}

const isSecretParam = (p: ParamSpec | undefined, name: string) =>
  Boolean(p?.secret) || SECRET_PARAM_NAMES.has(name);

export function buildRequest(
  input: ComposerInput,
  file: ResolvedFile | null,
  ctx: BuildContext,
): BuiltRequest {
  const endpoint = findEndpoint(input.endpointId);
  const path = input.path ?? endpoint.paths[0] ?? '';
  if (!endpoint.paths.includes(path)) {
    throw new CommandError({
      code: 'invalid_input',
      message: `${path} is not a path of ${endpoint.title}; use ${endpoint.paths.join(' or ')}.`,
      issues: [{ path: 'path', message: 'not a path of this endpoint' }],
    });
  }
  const errors: ComposerIssue[] = [];
  const notes: ComposerIssue[] = [];
  const typed = new Map<string, string>();
  for (const [name, value] of Object.entries(input.params)) {
    if (value !== '' || input.keepEmpty.includes(name)) typed.set(name, value);
  }

  let vcardXml: string | null = null;
  if (input.vcard) {
    if (typed.has('vcard')) {
      errors.push({
        field: 'vcard',
        message: 'Give the contact either in the editor or as raw XML in vcard, not both.',
      });
    } else {
      errors.push(...vcardEditorIssues(input.vcard));
      vcardXml = buildVcardXml(input.vcard);
      typed.set('vcard', vcardXml);
    }
  }

  if (endpoint.id === 'token') {
    if (!typed.has('client_id')) typed.set('client_id', ctx.clientId);
    if (!typed.has('client_secret')) {
      typed.set('client_secret', ctx.clientSecret ?? SECRET_PLACEHOLDER);
      notes.push({ field: 'client_secret', message: "Filled from the profile's client secret." });
    }
  }

  const actAs = resolveActAs(endpoint, input.actAs, typed.get('user_id') ?? '', {
    contactId: typed.get('contact_id') ?? '',
    supercontactId: ctx.clientId,
  });
  errors.push(...actAs.errors);
  notes.push(...actAs.notes);
  if (actAs.userId !== '') typed.set('user_id', actAs.userId);

  // The fields that go out: catalog order, then anything else that was typed.
  const sent: [string, string][] = [];
  const applicable: string[] = [];
  const fileParam = endpoint.params.find((p) => p.kind === 'file');
  for (const p of endpoint.params) {
    const applies = conditionHolds(p, typed) && (!p.appTokenOnly || actAs.userIdApplies);
    if (applies) applicable.push(p.name);
    if (p.kind === 'file') continue;
    const value = typed.get(p.name);
    if (value === undefined) continue;
    if (!conditionHolds(p, typed)) {
      notes.push({
        field: p.name,
        message: `Left out: ${p.name} is only used with ${p.onlyWhen?.param} ${p.onlyWhen?.oneOf.join(', ')}.`,
      });
      continue;
    }
    sent.push([p.name, value]);
  }
  for (const [name, value] of typed) {
    if (endpoint.params.some((p) => p.name === name)) continue;
    notes.push({
      field: name,
      message: `${name} is not a parameter of ${endpoint.paths[0]} in the API document; it is sent as typed.`,
    });
    sent.push([name, value]);
  }

  // Validation: the catalog's rules, one parameter at a time so each field gets its reason.
  const fieldMap = new Map(sent.map(([k, v]) => [k, [v]] as const));
  const files = new Set<string>(file ? ['file'] : []);
  for (const p of endpoint.params) {
    if (p.appTokenOnly) continue; // act-as decided it
    const result = validateParams(
      { params: [p] },
      { fields: fieldMap, files },
      { vcard: vcardProblem },
    );
    if (result.ok) continue;
    // A `{{name}}` is a collection's variable: the runner fills it in before its rules apply.
    const value = fieldMap.get(p.name)?.[0] ?? '';
    if (templateNames(value).length > 0)
      notes.push({
        field: p.name,
        message: `${p.name} holds a variable (${value}): a collection run fills it in first; sent from the composer, it goes as written.`,
      });
    else errors.push({ field: p.name, message: result.description });
  }
  if (file && !fileParam) {
    errors.push({ field: 'file', message: `${endpoint.title} takes no file.` });
  }
  if (file && fileParam && conditionHolds(fileParam, typed) && !file.info.accepted) {
    errors.push({ field: 'file', message: file.info.notes.join(' ') });
  }

  const body = encode(endpoint, sent, file, ctx.boundary);
  const base = `${ctx.baseUrl.replace(/\/+$/, '')}${path}`;
  const query = endpoint.method === 'GET' ? new URLSearchParams(sent).toString() : '';
  const url = query ? `${base}?${query}` : base;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body.kind === 'form') headers['content-type'] = 'application/x-www-form-urlencoded';
  if (body.kind === 'multipart') headers['content-type'] = body.body.contentType;
  const size =
    body.kind === 'form'
      ? Buffer.byteLength(body.text)
      : body.kind === 'multipart'
        ? body.body.size
        : 0;
  if (body.kind !== 'none') headers['content-length'] = String(size);
  for (const [name, value] of Object.entries(input.headers ?? {})) {
    const lower = name.toLowerCase();
    // The body's length is measured, never taken from the request: a wrong one breaks the framing.
    if (lower === 'content-length') {
      notes.push({
        field: 'headers',
        message: "content-length is the body's own length; the one given is left out.",
      });
      continue;
    }
    headers[lower] = value;
  }

  const rawText =
    body.kind === 'form'
      ? body.text
      : body.kind === 'multipart'
        ? multipartPreview(body.body, file?.info.sentMime ?? '')
        : '';
  const visibleFields = Object.fromEntries(
    sent.map(([k, v]) => {
      const spec = endpoint.params.find((p) => p.name === k);
      return [k, isSecretParam(spec, k) && v !== SECRET_PLACEHOLDER ? redactValue(v) : v];
    }),
  );
  const view: ComposerBuilt = {
    endpointId: endpoint.id,
    method: endpoint.method,
    path,
    url,
    bodyKind: body.kind,
    headers,
    fields: visibleFields,
    raw: {
      text: rawText.length > MAX_RAW_TEXT ? rawText.slice(0, MAX_RAW_TEXT) : rawText,
      size,
      truncated:
        body.kind === 'multipart'
          ? (file?.bytes.byteLength ?? 0) > 0
          : rawText.length > MAX_RAW_TEXT,
    },
    file: file?.info ?? null,
    vcardXml,
  };
  return {
    endpoint,
    view,
    errors,
    notes,
    applicable,
    wire: { method: endpoint.method, url, headers, body },
    fields: Object.fromEntries(sent),
  };
}

function encode(
  endpoint: EndpointSpec,
  sent: [string, string][],
  file: ResolvedFile | null,
  boundary: string | undefined,
): BuiltBody {
  if (endpoint.method === 'GET') return { kind: 'none' };
  if (file) {
    return {
      kind: 'multipart',
      body: buildMultipart(
        sent,
        { field: 'file', filename: file.name, mimeType: file.info.sentMime, bytes: file.bytes },
        boundary,
      ),
    };
  }
  return { kind: 'form', text: new URLSearchParams(sent).toString() };
}
