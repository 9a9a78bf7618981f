// The steps of buildRequest (build-request.ts), each a pure function of what it is given: it
// answers what it found (errors, notes) instead of pushing into arrays shared by every step, so
// each step can be read and tested on its own. buildRequest concatenates them in step order.
import type { ComposerIssue, ComposerVcard } from '../../../src-shared/contract';
import { buildVcardXml, vcardEditorIssues } from '../common/vcard-xml';
import { SECRET_PARAM_NAMES, redactValue } from '../log';
import { validateParams, type EndpointSpec, type ParamSpec } from '../../../src-shared/spec';
import { vcardProblem } from '../../../src-shared/spec/vcard-check';
import { templateNames } from '../../../src-shared/collections/templates';
import type { MultipartBody } from './multipart';

export type BuiltBody =
  { kind: 'none' } | { kind: 'form'; text: string } | { kind: 'multipart'; body: MultipartBody };

/** What a preview shows for the client secret the engine fills in when sending. */
export const SECRET_PLACEHOLDER = "‹the profile's client secret›";

/**
 * The fields as typed (an empty one only when kept on purpose), with the vCard editor's XML in
 * `vcard`, and for the token endpoint the profile's client id and secret where none was typed (the
 * secret as a placeholder in a preview, when `clientSecret` is null).
 */
export function typedFields(
  input: {
    params: Readonly<Record<string, string>>;
    keepEmpty: readonly string[];
    vcard?: ComposerVcard | undefined;
  },
  endpoint: EndpointSpec,
  profile: { clientId: string; clientSecret: string | null },
): {
  typed: Map<string, string>;
  vcardXml: string | null;
  errors: ComposerIssue[];
  notes: ComposerIssue[];
} {
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
    if (!typed.has('client_id')) typed.set('client_id', profile.clientId);
    if (!typed.has('client_secret')) {
      typed.set('client_secret', profile.clientSecret ?? SECRET_PLACEHOLDER);
      notes.push({ field: 'client_secret', message: "Filled from the profile's client secret." });
    }
  }
  return { typed, vcardXml, errors, notes };
}

/** Whether a parameter applies given the other fields (its onlyWhen condition). */
function conditionHolds(p: ParamSpec, fields: ReadonlyMap<string, string>): boolean {
  if (!p.onlyWhen) return true;
  const value = fields.get(p.onlyWhen.param);
  return value !== undefined && p.onlyWhen.oneOf.includes(value);
}

/**
 * The fields that go out: the endpoint's parameters in catalog order (those whose condition does
 * not hold are left out, with a note), then anything else typed, sent as typed with a note.
 * `applicable` names the parameters the form shows for these fields and this "act as".
 */
export function fieldsToSend(
  endpoint: EndpointSpec,
  typed: ReadonlyMap<string, string>,
  userIdApplies: boolean,
): { sent: [string, string][]; applicable: string[]; notes: ComposerIssue[] } {
  const sent: [string, string][] = [];
  const applicable: string[] = [];
  const notes: ComposerIssue[] = [];
  for (const p of endpoint.params) {
    const applies = conditionHolds(p, typed) && (!p.appTokenOnly || userIdApplies);
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
  return { sent, applicable, notes };
}

/**
 * The catalog's rules, one parameter at a time so each field gets its reason; a field holding a
 * collection's `{{variable}}` gets a note instead (the runner fills it in before its rules apply).
 * Then the file: one the endpoint does not take, or one its type refuses.
 */
export function fieldIssues(
  endpoint: EndpointSpec,
  sent: readonly [string, string][],
  file: { info: { accepted: boolean; notes: string[] } } | null,
  typed: ReadonlyMap<string, string>,
): { errors: ComposerIssue[]; notes: ComposerIssue[] } {
  const errors: ComposerIssue[] = [];
  const notes: ComposerIssue[] = [];
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
    const value = fieldMap.get(p.name)?.[0] ?? '';
    if (templateNames(value).length > 0)
      notes.push({
        field: p.name,
        message: `${p.name} holds a variable (${value}): a collection run fills it in first; sent from the composer, it goes as written.`,
      });
    else errors.push({ field: p.name, message: result.description });
  }
  const fileParam = endpoint.params.find((p) => p.kind === 'file');
  if (file && !fileParam) {
    errors.push({ field: 'file', message: `${endpoint.title} takes no file.` });
  }
  if (file && fileParam && conditionHolds(fileParam, typed) && !file.info.accepted) {
    errors.push({ field: 'file', message: file.info.notes.join(' ') });
  }
  return { errors, notes };
}

/**
 * The headers sent with a body: accept, the body's content type and its measured length, then
 * the request's own headers (lower-cased; a content-length among them is left out with a note:
 * a wrong one breaks the framing).
 */
export function wireHeaders(
  body: BuiltBody,
  given: Readonly<Record<string, string>> | undefined,
): { headers: Record<string, string>; size: number; notes: ComposerIssue[] } {
  const notes: ComposerIssue[] = [];
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
  for (const [name, value] of Object.entries(given ?? {})) {
    const lower = name.toLowerCase();
    if (lower === 'content-length') {
      notes.push({
        field: 'headers',
        message: "content-length is the body's own length; the one given is left out.",
      });
      continue;
    }
    headers[lower] = value;
  }
  return { headers, size, notes };
}

const isSecretParam = (p: ParamSpec | undefined, name: string) =>
  Boolean(p?.secret) || SECRET_PARAM_NAMES.has(name);

/**
 * The fields as the view shows them: a secret one (by the catalog or by its name) redacted, save
 * the placeholder a preview shows for the profile's client secret.
 */
export function shownFields(
  endpoint: EndpointSpec,
  sent: readonly [string, string][],
): Record<string, string> {
  return Object.fromEntries(
    sent.map(([k, v]) => {
      const spec = endpoint.params.find((p) => p.name === k);
      return [k, isSecretParam(spec, k) && v !== SECRET_PLACEHOLDER ? redactValue(v) : v];
    }),
  );
}
