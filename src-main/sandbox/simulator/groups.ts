// Rooms played by users: create, invite, join, leave, update, remove, each delivering the group
// events of docs/sandbox.md (Group events) to the contacts in the room.
import { z } from 'zod';
import type { GroupEventType } from '../../../src-shared/spec';
import { findContact } from '../contacts';
import type { SandboxContext } from '../context';
import { ApiError } from '../http/reply';
import { newMessageId, newRoomId } from '../ids';
import { contactOccupant, hasUser, roomEntry } from '../rooms';
import type { Occupant, RoomRecord } from '../state/records';
import type { RoomAnswer, Sent } from '../../../src-shared/sandbox-api/simulator-answers';
import { getRoom, getUser, parseBody, pickApp, type SimHandler } from './common';

type ContactOccupant = Extract<Occupant, { kind: 'contact' }>;

function deliverEvent(
  ctx: SandboxContext,
  room: RoomRecord,
  type: GroupEventType,
  actingUser: string,
  to: ContactOccupant,
  extra: Record<string, unknown> = {},
): void {
  const app = ctx.store.app(to.client_id);
  if (!app) return;
  const { store } = ctx;
  ctx.deliveries.enqueue(app, {
    id: newMessageId(),
    type,
    timestamp: store.clock.now().toString(),
    sender: store.userAddress(actingUser),
    room: room.id,
    owner: store.userAddress(to.invited_by),
    recipient: store.contactAddress(to.client_id, to.contact_id),
    data: { ...roomEntry(store, room).data, ...extra },
  });
}

function contactsIn(room: RoomRecord): ContactOccupant[] {
  return room.occupants.filter((o): o is ContactOccupant => o.kind === 'contact');
}

const CreateRoom = z.object({
  subject: z.string().min(1).max(256),
  avatar: z.string().max(2048).optional(),
  created_by: z.string(),
  occupants: z.array(z.string()).max(1000).optional(),
  id: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,64}$/)
    .optional(),
});

export function createRoom(ctx: SandboxContext, input: z.infer<typeof CreateRoom>): RoomRecord {
  const { store } = ctx;
  getUser(store, input.created_by);
  for (const u of input.occupants ?? []) getUser(store, u);
  const id = input.id ?? newRoomId();
  if (store.rooms.has(id)) throw new ApiError('invalid_request', `A room with id ${id} exists.`);
  const users = [...new Set([input.created_by, ...(input.occupants ?? [])])];
  const room: RoomRecord = {
    id,
    subject: input.subject,
    avatar: input.avatar ?? `${ctx.baseUrl}/_sandbox/avatars/${id}.svg`,
    created_by: input.created_by,
    occupants: users.map((user_id) => ({ kind: 'user', user_id })),
  };
  store.rooms.set(id, room);
  return room;
}

export const postRoom: SimHandler<Sent<typeof RoomAnswer>> = ({ ctx, body }) =>
  roomEntry(ctx.store, createRoom(ctx, parseBody(CreateRoom, body)));

const ContactBy = z.object({
  contact_id: z.string(),
  by: z.string(),
  client_id: z.string().optional(),
});

export const invite: SimHandler<Sent<typeof RoomAnswer>> = ({ ctx, args, body }) => {
  const { store } = ctx;
  const room = getRoom(store, args[0] ?? '');
  const input = parseBody(ContactBy, body);
  getUser(store, input.by);
  const app = pickApp(store, input.client_id);
  const contact = findContact(store, app, input.contact_id);
  if (!contact)
    throw new ApiError('not_found', `contact_id ${input.contact_id.slice(0, 64)} is unknown.`);
  if (!contact.owners.includes(input.by)) {
    throw new ApiError(
      'not_authorized',
      `User ${input.by} does not own contact ${contact.contact_id}.`,
    );
  }
  // The supercontact has no group_add, so it cannot be invited either.
  if (!contact.capabilities.includes('group_add')) {
    throw new ApiError(
      'not_authorized',
      `Contact ${contact.contact_id} lacks the group_add capability.`,
    );
  }
  if (contactOccupant(room, app.client_id, contact.contact_id)) {
    throw new ApiError(
      'invalid_request',
      `Contact ${contact.contact_id} is already in room ${room.id}.`,
    );
  }
  const others = contactsIn(room);
  const occupant: ContactOccupant = {
    kind: 'contact',
    client_id: app.client_id,
    contact_id: contact.contact_id,
    invited_by: input.by,
  };
  room.occupants.push(occupant);
  deliverEvent(ctx, room, 'group-invite', input.by, occupant);
  const member = { id: store.contactAddress(app.client_id, contact.contact_id) };
  for (const o of others) deliverEvent(ctx, room, 'group-join', input.by, o, { member });
  return roomEntry(store, room);
};

const UserOnly = z.object({ user_id: z.string() });

export const join: SimHandler<Sent<typeof RoomAnswer>> = ({ ctx, args, body }) => {
  const { store } = ctx;
  const room = getRoom(store, args[0] ?? '');
  const { user_id } = parseBody(UserOnly, body);
  getUser(store, user_id);
  if (hasUser(room, user_id))
    throw new ApiError('invalid_request', `User ${user_id} is already in room ${room.id}.`);
  room.occupants.push({ kind: 'user', user_id });
  const member = { id: store.userAddress(user_id) };
  for (const o of contactsIn(room)) deliverEvent(ctx, room, 'group-join', user_id, o, { member });
  return roomEntry(store, room);
};

export const leave: SimHandler<Sent<typeof RoomAnswer>> = ({ ctx, args, body }) => {
  const { store } = ctx;
  const room = getRoom(store, args[0] ?? '');
  const { user_id } = parseBody(UserOnly, body);
  getUser(store, user_id);
  if (!hasUser(room, user_id))
    throw new ApiError('invalid_request', `User ${user_id} is not in room ${room.id}.`);
  room.occupants = room.occupants.filter((o) => !(o.kind === 'user' && o.user_id === user_id));
  const member = { id: store.userAddress(user_id) };
  for (const o of contactsIn(room)) deliverEvent(ctx, room, 'group-leave', user_id, o, { member });
  return roomEntry(store, room);
};

const Update = z.object({
  by: z.string(),
  subject: z.string().min(1).max(256).optional(),
  avatar: z.string().max(2048).optional(),
});

export const update: SimHandler<Sent<typeof RoomAnswer>> = ({ ctx, args, body }) => {
  const { store } = ctx;
  const room = getRoom(store, args[0] ?? '');
  const input = parseBody(Update, body);
  getUser(store, input.by);
  const changed: string[] = [];
  if (input.subject !== undefined) {
    room.subject = input.subject;
    changed.push('subject');
  }
  if (input.avatar !== undefined) {
    room.avatar = input.avatar;
    changed.push('avatar');
  }
  if (changed.length === 0) throw new ApiError('invalid_request', 'Give subject and/or avatar.');
  for (const o of contactsIn(room))
    deliverEvent(ctx, room, 'group-update', input.by, o, { changed });
  return roomEntry(store, room);
};

export const remove: SimHandler<Sent<typeof RoomAnswer>> = ({ ctx, args, body }) => {
  const { store } = ctx;
  const room = getRoom(store, args[0] ?? '');
  const input = parseBody(ContactBy, body);
  getUser(store, input.by);
  const app = pickApp(store, input.client_id);
  const occupant = contactOccupant(room, app.client_id, input.contact_id);
  if (!occupant) {
    throw new ApiError(
      'not_found',
      `Contact ${input.contact_id.slice(0, 64)} is not in room ${room.id}.`,
    );
  }
  room.occupants = room.occupants.filter((o) => o !== occupant);
  const member = { id: store.contactAddress(app.client_id, occupant.contact_id) };
  deliverEvent(ctx, room, 'group-remove', input.by, occupant, { member });
  return roomEntry(store, room);
};
