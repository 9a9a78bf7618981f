// Acting as a user of the embedded sandbox (docs/sandbox.md, "The simulator panel"): sending the
// app a message, inviting a contact, joining and leaving a room, opening the app's management or
// directory URL with an otp; and reading the sandbox's state. Each changes the embedded sandbox
// only, so none needs --allow-writes.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { SimulatorState } from '../../../src-shared/contract';
import { answer, guarded, refusal, type McpContext } from './tool-context';

const id = (what: string) => z.string().min(1).max(200).describe(what);

function stateWords(state: SimulatorState): string {
  return [
    `Embedded sandbox at ${state.baseUrl}; the app ${state.app.name} (${state.app.clientId}) signs deliveries with ${state.app.signatureMethod} and sends them to ${state.app.endpointUrl || '(no endpoint URL)'}.`,
    `Users: ${state.users.map((u) => `${u.id} (${u.name} ${u.surname}${u.connected ? ', connected' : ''})`).join('; ') || 'none'}.`,
    `Contacts of the app: ${state.contacts.map((c) => `${c.contactId} (${c.displayName})`).join('; ') || 'none'}.`,
    `Rooms: ${state.rooms.map((r) => `${r.id} "${r.subject}" (${r.occupants.map((o) => o.id).join(', ')})`).join('; ') || 'none'}.`,
  ].join('\n');
}

export function registerSandboxTools(server: McpServer, ctx: McpContext): void {
  const { invoke } = ctx.core;
  server.registerTool(
    'sandbox_state',
    {
      title: "Read the sandbox's state",
      description:
        "The embedded sandbox as its simulator shows it: the app's registration (never its secret), the users and what each received from the app, the app's contacts, the rooms.",
      annotations: { readOnlyHint: true },
    },
    () =>
      guarded(async () => {
        const state = await invoke('simulator.state', {});
        return answer(stateWords(state), { state });
      }),
  );

  server.registerTool(
    'sandbox_send_message',
    {
      title: 'Send the app a message as a sandbox user',
      description:
        "A sandbox user sends a message to one of the app's contacts or into a room; the sandbox delivers it to the app's endpoint URL (the receiver), signed. query_journal then finds the delivery.",
      inputSchema: {
        userId: id('The sending user (sandbox_state lists them).'),
        contactId: id("The app's contact to write to.").optional(),
        room: id('Or the room to write into.').optional(),
        msgType: z
          .string()
          .min(1)
          .max(32)
          .default('text')
          .describe('text, sticker, location, contact, picture, ...'),
        params: z
          .record(z.string(), z.string().max(10_000))
          .default({})
          .describe('The type\'s fields, e.g. {"text":"hello"}.'),
      },
    },
    ({ userId, contactId, room, msgType, params }) =>
      guarded(async () => {
        if (!room === !contactId) {
          return refusal(
            "Give contactId (one of the app's contacts) or room (a room id), one of the two: sandbox_state lists both.",
          );
        }
        const to = room ? { room } : { contactId: contactId! };
        const sent = await invoke('simulator.sendMessage', { userId, to, msgType, params });
        return answer(`${sent.outcome} (record #${sent.seq}, message ${sent.messageId}).`, sent);
      }),
  );

  const roomTool = (name: string, title: string, description: string, action: 'join' | 'leave') =>
    server.registerTool(
      name,
      { title, description, inputSchema: { room: id('The room.'), userId: id('The user.') } },
      ({ room, userId }) =>
        guarded(async () => {
          const done = await invoke('simulator.roomAction', { action, room, userId });
          return answer(`${done.outcome} (record #${done.seq}).`, done);
        }),
    );
  roomTool(
    'sandbox_join',
    'Join a room as a sandbox user',
    'A sandbox user joins a room; the app gets the group event.',
    'join',
  );
  roomTool(
    'sandbox_leave',
    'Leave a room as a sandbox user',
    'A sandbox user leaves a room; the app gets the group event.',
    'leave',
  );

  server.registerTool(
    'sandbox_invite',
    {
      title: 'Invite a contact into a room',
      description:
        "A sandbox user invites one of the app's contacts into a room; the app gets the group invite.",
      inputSchema: {
        room: id('The room.'),
        contactId: id('The contact invited.'),
        by: id('The user who invites.'),
      },
    },
    ({ room, contactId, by }) =>
      guarded(async () => {
        const done = await invoke('simulator.roomAction', {
          action: 'invite',
          room,
          contactId,
          by,
        });
        return answer(`${done.outcome} (record #${done.seq}).`, done);
      }),
  );

  server.registerTool(
    'sandbox_otp',
    {
      title: "Open the app's management or directory URL with an otp",
      description:
        "The platform's client opens the app's management or directory URL for a sandbox user with a new one-time password, as a person tapping the app would; the answer says what the URL answered (the otp itself is never shown).",
      inputSchema: {
        userId: id('The user.'),
        target: z.enum(['management', 'directory']),
      },
    },
    ({ userId, target }) =>
      guarded(async () => {
        const done = await invoke('simulator.otp', { userId, target });
        return answer(`${done.outcome} (record #${done.seq}).`, done);
      }),
  );
}
