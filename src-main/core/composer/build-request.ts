// From what a person typed in the composer to the exact request: the fields that apply to the
// endpoint and msg_type (in catalog order), user_id from "act as", the vCard XML, and the body
// (query, form or multipart). Validation runs the catalog's own validateParams one parameter at
// a time, so every field gets its reason in words, not just the first one. Each step is a pure
// function (build-steps.ts, act-as.ts) answering its own errors and notes; buildRequest runs
// them in order and puts together the request and its view.
import {
  CommandError,
  type ActAs,
  type ComposerBuilt,
  type ComposerIssue,
} from '../../../src-shared/contract';
import { ENDPOINTS, type EndpointSpec } from '../../../src-shared/spec';
import { resolveActAs } from './act-as';
import {
  fieldIssues,
  fieldsToSend,
  shownFields,
  typedFields,
  wireHeaders,
  type BuiltBody,
} from './build-steps';
import { buildMultipart, multipartPreview } from './multipart';
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
  // The steps, in order (build-steps.ts; act-as.ts): each answers its own errors and notes.
  const given = typedFields(input, endpoint, ctx);
  const actAs = resolveActAs(endpoint, input.actAs, given.typed.get('user_id') ?? '', {
    contactId: given.typed.get('contact_id') ?? '',
    supercontactId: ctx.clientId,
  });
  const typed =
    actAs.userId === '' ? given.typed : new Map([...given.typed, ['user_id', actAs.userId]]);
  const fields = fieldsToSend(endpoint, typed, actAs.userIdApplies);
  const { sent, applicable } = fields;
  const checked = fieldIssues(endpoint, sent, file, typed);
  const body = encode(endpoint, sent, file, ctx.boundary);
  const base = `${ctx.baseUrl.replace(/\/+$/, '')}${path}`;
  const query = endpoint.method === 'GET' ? new URLSearchParams(sent).toString() : '';
  const url = query ? `${base}?${query}` : base;
  const framed = wireHeaders(body, input.headers);
  const { headers, size } = framed;
  const errors = [...given.errors, ...actAs.errors, ...checked.errors];
  const notes = [
    ...given.notes,
    ...actAs.notes,
    ...fields.notes,
    ...checked.notes,
    ...framed.notes,
  ];
  const { vcardXml } = given;

  const rawText =
    body.kind === 'form'
      ? body.text
      : body.kind === 'multipart'
        ? multipartPreview(body.body, file?.info.sentMime ?? '')
        : '';
  const view: ComposerBuilt = {
    endpointId: endpoint.id,
    method: endpoint.method,
    path,
    url,
    bodyKind: body.kind,
    headers,
    fields: shownFields(endpoint, sent),
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
