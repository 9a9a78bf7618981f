// A journaled call back in the composer: its endpoint from the path, its fields, "act as" from
// user_id or the token it carried, the file from the samples when it was one, and the vCard XML
// back in the editor's fields. What cannot come back (a redacted secret, a file's bytes) is said.
import type { z } from 'zod';
import type {
  ActAs,
  ApiRecord,
  ComposerRequest,
  ComposerVcard,
} from '../../../src-shared/contract';
import { SECRET_PARAM_NAMES, redactValue } from '../log';
import { VCARD, endpointByPath } from '../../../src-shared/spec';
import { isVcardRoot, parseXmlStrictly } from '../../../src-shared/spec/vcard-check';
import { parseFileParam } from '../common/file-param';

interface TokenPreviews {
  app: string | null;
  users: { userId: string; preview: string }[];
  /** The credential the call used, when still held (a composer send of this run). */
  used?: string | undefined;
}

export function recordToComposer(
  record: ApiRecord,
  previews: TokenPreviews,
  samples: readonly string[],
): { request: z.output<typeof ComposerRequest>; notes: string[] } {
  const notes: string[] = [];
  const url = new URL(record.api.url);
  const endpoint = endpointByPath(url.pathname);
  if (!endpoint) {
    notes.push(`${url.pathname} is not in the catalog; pick the endpoint again.`);
  }
  const params: Record<string, string> = {};
  let file: z.output<typeof ComposerRequest>['file'];
  for (const [name, value] of Object.entries(record.api.requestParams)) {
    const spec = endpoint?.params.find((p) => p.name === name);
    if (name === 'file') {
      const parsed = parseFileParam(value);
      if (parsed && samples.includes(parsed.name)) {
        file = { name: parsed.name, sample: parsed.name };
      } else {
        notes.push(`The file ${parsed?.name ?? value} is not kept in the journal: pick it again.`);
      }
      continue;
    }
    if (spec?.secret || SECRET_PARAM_NAMES.has(name)) {
      notes.push(`${name} was redacted in the journal: fill it in again.`);
      continue;
    }
    params[name] = value;
  }

  const auth = record.api.requestHeaders.authorization ?? '';
  const credential = auth.split(/\s+/)[1] ?? '';
  let actAs: ActAs = { kind: 'app' };
  if (params.user_id) {
    actAs = { kind: 'appForUser', userId: params.user_id };
    delete params.user_id;
  } else if (credential) {
    const byUsed = previews.used && redactValue(previews.used) === credential;
    const user = previews.users.find((u) => u.preview === credential);
    if (user && (byUsed || previews.app !== credential))
      actAs = { kind: 'user', userId: user.userId };
    else if (previews.app !== credential) {
      notes.push(
        'The token this call used is no longer held: "act as" is set to the app token; check it.',
      );
    }
  }

  let vcard: z.output<typeof ComposerVcard> | undefined;
  if (params.vcard) {
    const parsed = parseVcard(params.vcard);
    if (parsed) {
      vcard = parsed;
      delete params.vcard;
    } else {
      notes.push('The vcard is not one the editor can show; it stays as raw XML.');
    }
  }
  const path = url.pathname;
  return {
    request: {
      ...(record.profileId ? { profileId: record.profileId } : {}),
      endpointId: endpoint?.id ?? '',
      ...(endpoint && path !== endpoint.paths[0] ? { path } : {}),
      params,
      keepEmpty: [],
      actAs,
      ...(file ? { file } : {}),
      ...(vcard ? { vcard } : {}),
    },
    notes,
  };
}

/** The editor's fields from a contact XML, or null when it has more than the editor shows. */
export function parseVcard(xml: string): z.output<typeof ComposerVcard> | null {
  let doc;
  try {
    doc = parseXmlStrictly(xml);
  } catch {
    return null;
  }
  const root = doc.documentElement;
  if (!isVcardRoot(root)) return null;
  const texts = (name: string) => Array.from(root.getElementsByTagNameNS(VCARD.namespace, name));
  const [name] = texts('name');
  const [surname] = texts('surname');
  if (!name || !surname) return null;
  return {
    name: name.textContent ?? '',
    surname: surname.textContent ?? '',
    phones: texts('phone').map((p) => ({
      number: p.textContent ?? '',
      ...(p.hasAttribute('type') ? { type: p.getAttribute('type') ?? '' } : {}),
    })),
  };
}
