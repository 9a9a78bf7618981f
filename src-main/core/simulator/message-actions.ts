// A sandbox user's message to a contact or a room, of any msg_type (its body, with files and
// vCards, built by message-body.ts).
import type { SimContext, SimHandlers } from './context';
import { messageBody } from './message-body';
import { seg } from './sandbox-http';
import { MessageSentAnswer } from '../../../src-shared/sandbox-api/simulator-answers';

export function messageActions({
  act,
  names,
}: SimContext): Pick<SimHandlers, 'simulator.sendMessage'> {
  const who = names.of;
  return {
    'simulator.sendMessage': async (t, input) => {
      const body = await messageBody(input);
      const to =
        'contactId' in input.to
          ? `contact ${input.to.contactId}`
          : `room ${names.of(input.to.room)}`;
      return act(
        t,
        'sendMessage',
        { method: 'POST', path: `/_sandbox/users/${seg(input.userId)}/messages`, body },
        (json) => {
          const id = MessageSentAnswer.parse(json).id;
          return {
            outcome: `${who(input.userId)} sent a ${input.msgType} message (${id}) to ${to}.`,
            value: { messageId: id },
          };
        },
        `${who(input.userId)} sending a ${input.msgType} message to ${to}`,
      );
    },
  };
}
