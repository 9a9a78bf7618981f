// The msg_type editors of the simulator's "Send as user": the composer's own, bound to this form
// instead of the composer's draft. The type's text parameters are the catalog's (ParamField, with
// the same rules as help), contact is the vCard editor, media the file picker with the samples.
import { MESSAGE_PARAMS, isMediaMsgType, type ParamSpec } from '../../../../src-shared/spec';
import type { ComposerSample } from '../../../../src-shared/contract';
import { FilePicker } from '../../components/FilePicker';
import { ParamField } from '../../components/ParamField';
import { isRequired } from '../../components/param-required';
import { VcardFields, type Vcard } from '../../components/VcardFields';

/** A file to send: one of the samples (the engine reads it) or one picked from disk. */
type SimFile =
  | { source: 'sample'; name: string; size: number; mimeType: string | null }
  | { source: 'own'; name: string; size: number; mimeType: string | null; file: File };

export interface MessageDraft {
  /** The type's text parameters by catalog name (text, sticker_id, geo_lat, ...). */
  params: Record<string, string>;
  vcard: Vcard;
  file: SimFile | null;
}

export const emptyDraft: MessageDraft = {
  params: {},
  vcard: { name: '', surname: '', phones: [] },
  file: null,
};

/** The catalog's text parameters of a msg_type (vCard and file have their own editors). */
export function textParams(msgType: string): ParamSpec[] {
  return MESSAGE_PARAMS.filter(
    (p) => p.kind !== 'file' && p.kind !== 'vcard' && p.msgTypes?.some((t) => t === msgType),
  );
}

interface Props {
  msgType: string;
  draft: MessageDraft;
  samples: ComposerSample[];
  samplesError: string | null;
  onChange(change: Partial<MessageDraft>): void;
}

export function MessageEditor({ msgType, draft, samples, samplesError, onChange }: Props) {
  if (msgType === 'contact') {
    return (
      <VcardFields
        vcard={draft.vcard}
        onChange={(vcard) => onChange({ vcard })}
        sentAs="The engine builds the XML and the sandbox delivers it as the message's vcard."
      />
    );
  }
  if (isMediaMsgType(msgType)) {
    const chosen = draft.file;
    return (
      <FilePicker
        msgType={msgType}
        chosen={chosen}
        chosenSample={chosen?.source === 'sample' ? chosen.name : null}
        samples={samples}
        samplesError={samplesError}
        onPick={(file) =>
          onChange({
            file: { source: 'own', name: file.name, size: file.size, mimeType: null, file },
          })
        }
        onSample={(name) => {
          const sample = samples.find((s) => s.name === name);
          if (sample) {
            onChange({ file: { source: 'sample', name, size: sample.size, mimeType: null } });
          }
        }}
        onClear={() => onChange({ file: null })}
        onMime={(mime) => {
          if (chosen) onChange({ file: { ...chosen, mimeType: mime || null } });
        }}
      />
    );
  }
  return (
    <>
      {textParams(msgType).map((p) => (
        <ParamField
          key={p.name}
          spec={p}
          value={draft.params[p.name] ?? ''}
          required={isRequired(p, { msg_type: msgType })}
          onChange={(value) => onChange({ params: { ...draft.params, [p.name]: value } })}
        />
      ))}
    </>
  );
}
