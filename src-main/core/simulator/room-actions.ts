// The sandbox's rooms: created by a user, then invite, remove, join, leave and update; each makes
// the sandbox deliver the matching group event (API document §6).
import type { SimContext, SimHandlers } from './context';
import { seg } from './sandbox-http';

/** The group event each room action makes the sandbox deliver, and to whom. */
const DELIVERED = {
  invite: 'group-invite to the contact, group-join to the others',
  remove: 'group-remove to the contact',
  join: 'group-join to the contacts in it',
  leave: 'group-leave to the contacts in it',
  update: 'group-update to the contacts in it',
} as const;

export function roomActions({
  act,
  names,
}: SimContext): Pick<SimHandlers, 'simulator.createRoom' | 'simulator.roomAction'> {
  const who = names.of;
  return {
    'simulator.createRoom': (t, input) =>
      act(
        t,
        'createRoom',
        {
          method: 'POST',
          path: '/_sandbox/rooms',
          body: {
            subject: input.subject,
            created_by: input.createdBy,
            occupants: input.occupants ?? [],
          },
        },
        (json) => {
          const r = names.room(json);
          return {
            outcome: `${who(input.createdBy)} created the room "${r.subject}" (${r.id}) with ${r.occupants.length} occupant(s).`,
            value: { room: r },
          };
        },
        `Creating the room "${input.subject}"`,
      ),
    'simulator.roomAction': (t, input) => {
      const path = `/_sandbox/rooms/${seg(input.room)}/${input.action}`;
      const roomName = names.of(input.room);
      let body: Record<string, unknown>;
      let words: string;
      let attempt: string;
      switch (input.action) {
        case 'invite':
        case 'remove':
          body = { contact_id: input.contactId, by: input.by, client_id: t.clientId };
          words =
            input.action === 'invite'
              ? `${who(input.by)} invited contact ${input.contactId} to ${roomName}`
              : `${who(input.by)} removed contact ${input.contactId} from ${roomName}`;
          attempt = `${who(input.by)} ${input.action === 'invite' ? 'inviting' : 'removing'} contact ${input.contactId} ${input.action === 'invite' ? 'to' : 'from'} ${roomName}`;
          break;
        case 'join':
        case 'leave':
          body = { user_id: input.userId };
          words = `${who(input.userId)} ${input.action === 'join' ? 'joined' : 'left'} ${roomName}`;
          attempt = `${who(input.userId)} ${input.action === 'join' ? 'joining' : 'leaving'} ${roomName}`;
          break;
        case 'update':
          body = {
            by: input.by,
            ...(input.subject !== undefined ? { subject: input.subject } : {}),
            ...(input.avatar !== undefined ? { avatar: input.avatar } : {}),
          };
          words = `${who(input.by)} changed the ${[input.subject !== undefined ? 'subject' : '', input.avatar !== undefined ? 'avatar' : ''].filter(Boolean).join(' and ') || 'nothing'} of ${roomName}`;
          attempt = `${who(input.by)} changing ${roomName}`;
          break;
      }
      const event = DELIVERED[input.action];
      return act(
        t,
        `room.${input.action}` as const,
        { method: 'POST', path, body },
        (json) => ({
          outcome: `${words}; the sandbox delivers ${event}.`,
          value: { room: names.room(json) },
        }),
        attempt,
      );
    },
  };
}
