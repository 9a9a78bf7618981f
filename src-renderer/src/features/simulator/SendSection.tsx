// "Send as user": a sandbox user sends any msg_type to one of the app's contacts or into a room.
// The sandbox delivers it to the app's endpoint URL (a contact needs `interactive`; the app's
// supercontact always is), and the receiver's delivery shows in the Event log.
import { useState, type FormEvent } from 'react';
import { isMediaMsgType, msgType as msgTypeSpec } from '../../../../src-shared/spec';
import type { CommandInput, SimulatorState } from '../../../../src-shared/contract';
import { base64Of } from '../../components/base64';
import { useSimulator } from '../../stores/stores-context';
import { ParamField } from '../../components/ParamField';
import { MessageEditor, emptyDraft, textParams, type MessageDraft } from './MessageEditor';
import { Pick, stillThere, type PickOption } from './Pick';
import { contactLabel, roomLabel, userLabel } from './names';

type SendInput = CommandInput<'simulator.sendMessage'>;

/** The command's input from the form: only what the msg_type takes; a picked file read now. */
async function inputOf(
  base: { userId: string; to: SendInput['to']; msgType: string },
  d: MessageDraft,
): Promise<SendInput> {
  const params: Record<string, string> = {};
  for (const p of textParams(base.msgType)) {
    const value = d.params[p.name] ?? '';
    if (value !== '') params[p.name] = value;
  }
  const input: SendInput = { ...base, params };
  if (base.msgType === 'contact') {
    input.vcard = {
      name: d.vcard.name,
      surname: d.vcard.surname,
      phones: d.vcard.phones.map((p) => ({
        number: p.number,
        ...(p.type ? { type: p.type } : {}),
      })),
    };
  }
  if (isMediaMsgType(base.msgType) && d.file) {
    const mime = d.file.mimeType ? { mimeType: d.file.mimeType } : {};
    input.file =
      d.file.source === 'sample'
        ? { name: d.file.name, sample: d.file.name, ...mime }
        : { name: d.file.name, base64: base64Of(await d.file.file.arrayBuffer()), ...mime };
  }
  return input;
}

/** The contacts a user may write to: those they own, and the app's supercontact once connected. */
function contactsFor(view: SimulatorState | null, userId: string): PickOption[] {
  if (!view) return [];
  const user = view.users.find((u) => u.id === userId);
  const superId = view.app.clientId;
  const options = view.contacts
    .filter((c) => c.contactId !== superId && (!user || c.owners.includes(user.id)))
    .map((c) => ({ value: c.contactId, label: contactLabel(c) }));
  if (!user || user.connected) {
    options.unshift({ value: superId, label: `${view.app.name} (${superId}) · supercontact` });
  }
  return options;
}

type ToKind = 'contact' | 'room';
const TO_KINDS: Array<[ToKind, string]> = [
  ['contact', 'a contact'],
  ['room', 'a room'],
];

export function SendSection() {
  const view = useSimulator((s) => s.view);
  const samples = useSimulator((s) => s.samples);
  const samplesError = useSimulator((s) => s.samplesError);
  const busy = useSimulator((s) => s.busy.send !== undefined);
  const send = useSimulator((s) => s.sendMessage);
  const [userChoice, setUserId] = useState('');
  const [toKind, setToKind] = useState<ToKind>('contact');
  const [targetChoice, setTarget] = useState('');
  const [msgType, setMsgType] = useState('text');
  const [draft, setDraft] = useState<MessageDraft>(emptyDraft);

  const users = (view?.users ?? []).map((u) => ({ value: u.id, label: userLabel(u) }));
  const userId = stillThere(userChoice, users);
  const rooms = (view?.rooms ?? [])
    .filter((r) => r.occupants.some((o) => o.kind === 'user' && o.id === userId))
    .map((r) => ({ value: r.id, label: roomLabel(r) }));
  const targets = toKind === 'contact' ? contactsFor(view, userId) : rooms;
  const target = stillThere(targetChoice, targets);
  const missingFile = isMediaMsgType(msgType) && !draft.file;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const to = toKind === 'contact' ? { contactId: target } : { room: target };
    await send(`Sending the ${msgType} message…`, () =>
      inputOf({ userId, to, msgType }, draft).catch((err: unknown) => {
        throw new Error(`The file could not be read (${String(err)}). Pick it again.`);
      }),
    );
  };

  return (
    <form className="sim-form" aria-label="Send as user" onSubmit={(e) => void submit(e)}>
      <Pick
        label="From user"
        value={userId}
        options={users}
        onChange={setUserId}
        empty="No users"
      />
      <div className="sim-row" role="radiogroup" aria-label="Send to">
        {TO_KINDS.map(([kind, label]) => (
          <label key={kind} className="sim-check">
            <input
              type="radio"
              name="sim-to"
              checked={toKind === kind}
              onChange={() => setToKind(kind)}
            />
            {label}
          </label>
        ))}
      </div>
      <Pick
        label={toKind === 'contact' ? 'To contact' : 'Into room'}
        value={target}
        options={targets}
        onChange={setTarget}
        empty={
          userId === ''
            ? 'Pick the user first'
            : toKind === 'contact'
              ? 'This user may write to no contact'
              : 'This user is in no room'
        }
      />
      <ParamField spec={msgTypeSpec} value={msgType} required onChange={setMsgType} />
      <MessageEditor
        msgType={msgType}
        draft={draft}
        samples={samples}
        samplesError={samplesError}
        onChange={(change) => setDraft((d) => ({ ...d, ...change }))}
      />
      <div className="sim-actions">
        <button
          type="submit"
          className="primary"
          disabled={busy || userId === '' || target === '' || missingFile}
        >
          Send
        </button>
        {missingFile ? <span className="quiet">Pick a sample or a file to send.</span> : null}
      </div>
    </form>
  );
}
