// The JSON body of POST /_sandbox/users/{id}/messages for any msg_type: the type's text parameters,
// the vCard XML built by the composer's builder, and a file (a sample or picked bytes) resolved,
// typed and checked by the composer's file code, sent as {filename, mime_type, base64}.
import { CommandError, type CommandInput } from '../../../src-shared/contract';
import { resolveFile } from '../composer';
import { buildVcardXml, vcardEditorIssues } from '../common/vcard-xml';
import { ComposerVcard } from '../../../src-shared/contract';

type SendInput = CommandInput<'simulator.sendMessage'>;

export async function messageBody(input: SendInput): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> =
    'contactId' in input.to ? { contact_id: input.to.contactId } : { room: input.to.room };
  body.msg_type = input.msgType;
  for (const [name, value] of Object.entries(input.params ?? {})) {
    if (value !== '') body[name] = value;
  }
  if (input.vcard) {
    const vcard = ComposerVcard.parse(input.vcard);
    const issues = vcardEditorIssues(vcard);
    if (issues.length > 0) {
      throw new CommandError({
        code: 'invalid_input',
        message: issues.map((i) => i.message).join(' '),
        issues: issues.map((i) => ({ path: i.field, message: i.message })),
      });
    }
    body.vcard = buildVcardXml(vcard);
  }
  if (input.file) {
    if (input.file.staged !== undefined) {
      throw new CommandError({
        code: 'invalid_input',
        message:
          'The simulator takes a sample or the file itself (base64), not a file staged for the composer. Pick the file again here.',
        issues: [{ path: 'file.staged', message: 'not supported by the simulator' }],
      });
    }
    const file = await resolveFile(input.file, input.msgType);
    if (file) {
      body.file = {
        filename: file.name,
        mime_type: file.info.sentMime,
        base64: Buffer.from(file.bytes).toString('base64'),
      };
    }
  }
  return body;
}
