// The composer's draft and how it becomes a composer request. The draft keeps every value typed,
// across endpoint and msg_type switches (contact_id and resource_id carry over from a send to a
// bulk send); the request carries only what the catalog says applies to the chosen endpoint and
// msg_type, so switching msg_type from text to location does not send a stray `text`.
import {
  ENDPOINTS,
  isMediaMsgType,
  type EndpointSpec,
  type ParamSpec,
} from '../../../../src-shared/spec';
import type { ActAs, ComposerRequest, ComposerVcard } from '../../../../src-shared/contract';
import type { Vcard } from '../../components/VcardFields';
import { conditionHolds } from '../../components/param-required';

export interface PickedFile {
  name: string;
  /** sample: one of composer.samples; staged: bytes handed over with composer.stageFile. */
  source: 'sample' | 'staged';
  ref: string;
  size: number;
  /** The Content-Type to send instead of the type detected from the bytes (null: detected). */
  mimeType: string | null;
}

export interface Draft {
  endpointId: string;
  path?: string;
  params: Record<string, string>;
  actAs: ActAs;
  file: PickedFile | null;
  vcard: Vcard;
}

export function endpointOf(id: string): EndpointSpec {
  return ENDPOINTS.find((e) => e.id === id) ?? ENDPOINTS[0];
}

/** The parameters of the endpoint that apply to the draft's msg_type (and grant type). */
export function applicableParams(draft: Draft): ParamSpec[] {
  return endpointOf(draft.endpointId).params.filter((p) =>
    conditionHolds(p.onlyWhen, draft.params),
  );
}

export function requestOf(draft: Draft): ComposerRequest {
  const applicable = applicableParams(draft);
  const params: Record<string, string> = {};
  for (const p of applicable) {
    if (p.kind === 'file' || p.kind === 'vcard') continue;
    const value = draft.params[p.name];
    if (value !== undefined && value !== '') params[p.name] = value;
  }
  const msgType = params.msg_type ?? '';
  const takesFile = applicable.some((p) => p.kind === 'file') && isMediaMsgType(msgType);
  const takesVcard = applicable.some((p) => p.kind === 'vcard');
  const file = takesFile && draft.file ? draft.file : null;
  const vcard: ComposerVcard | undefined = takesVcard
    ? {
        name: draft.vcard.name,
        surname: draft.vcard.surname,
        phones: draft.vcard.phones.map((ph) => ({
          number: ph.number,
          ...(ph.type ? { type: ph.type } : {}),
        })),
      }
    : undefined;
  return {
    endpointId: draft.endpointId,
    ...(draft.path ? { path: draft.path } : {}),
    params,
    actAs: draft.actAs,
    ...(file
      ? {
          file: {
            name: file.name,
            ...(file.source === 'sample' ? { sample: file.ref } : { staged: file.ref }),
            ...(file.mimeType ? { mimeType: file.mimeType } : {}),
          },
        }
      : {}),
    ...(vcard ? { vcard } : {}),
  };
}
