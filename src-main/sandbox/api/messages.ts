// POST /tp/message/send.json (4.7) and /tp/bulk/message/send.json (4.8).
import type { MsgType } from '../../../src-shared/spec';
import { findContact } from '../contacts';
import { ApiError } from '../http/reply';
import { newMessageId } from '../ids';
import { messageData, precheckMessage } from '../message-data';
import { contactOccupant } from '../rooms';
import type { ContactRecord, RoomRecord } from '../state/records';
import type { Store } from '../state/store';
import type { ApiCall, ApiHandler } from './pipeline';

type Recipient =
  { kind: 'user'; userId: string } | { kind: 'room'; room: RoomRecord; owner: string };

function mayReachUser(store: Store, contact: ContactRecord, userId: string): boolean {
  return contact.owners.includes(userId) && store.users.has(userId);
}

function build(
  call: ApiCall,
  store: Store,
  contact: ContactRecord,
  recipient: Recipient,
  owner: string,
  data: Record<string, unknown>,
): Record<string, unknown> {
  const msgType = call.params.str('msg_type') ?? '';
  return {
    id: newMessageId(),
    type: msgType,
    timestamp: store.clock.now().toString(),
    sender: store.contactAddress(contact.client_id, contact.contact_id),
    owner: store.userAddress(owner),
    recipient:
      recipient.kind === 'user'
        ? store.userAddress(recipient.userId)
        : `${recipient.room.id}@${store.platformDomain}`,
    ...(recipient.kind === 'room' ? { room: recipient.room.id } : {}),
    data,
  };
}

function record(
  store: Store,
  call: ApiCall,
  message: Record<string, unknown>,
  recipient: Recipient,
) {
  const recipients =
    recipient.kind === 'user'
      ? [recipient.userId]
      : recipient.room.occupants.flatMap((o) => (o.kind === 'user' ? [o.user_id] : []));
  store.messages.push({
    client_id: call.actor.app.client_id,
    direction: 'app_to_user',
    message,
    recipients,
    no_push: call.params.bool('no_push') ?? false,
  });
}

function senderContact(store: Store, call: ApiCall): ContactRecord {
  const contactId = call.params.str('contact_id') ?? '';
  const contact = findContact(store, call.actor.app, contactId);
  if (!contact) throw new ApiError('not_found', `contact_id ${contactId} is unknown.`);
  return contact;
}

export const messageSend: ApiHandler = (ctx, call) => {
  const { store } = ctx;
  const msgType = call.params.str('msg_type') as MsgType;
  precheckMessage(msgType, call.file);
  const contact = senderContact(store, call);
  const userId = call.actor.userId ?? '';
  const resourceId = call.params.str('resource_id') ?? '';
  let recipient: Recipient;
  if (resourceId === userId) {
    if (!mayReachUser(store, contact, userId)) {
      throw new ApiError(
        'not_authorized',
        `contact ${contact.contact_id} is not owned by user ${userId}.`,
      );
    }
    recipient = { kind: 'user', userId };
  } else {
    const room = store.rooms.get(resourceId);
    if (room) {
      const occupant = contactOccupant(room, contact.client_id, contact.contact_id);
      if (!occupant) {
        throw new ApiError(
          'not_authorized',
          `contact ${contact.contact_id} is not an occupant of room ${room.id}.`,
        );
      }
      recipient = { kind: 'room', room, owner: occupant.invited_by };
    } else if (store.users.has(resourceId)) {
      throw new ApiError(
        'not_authorized',
        `resource_id ${resourceId} is another user than the one acted for.`,
      );
    } else {
      throw new ApiError('not_found', `resource_id ${resourceId.slice(0, 64)} is unknown.`);
    }
  }
  const message = build(
    call,
    store,
    contact,
    recipient,
    userId,
    messageData(ctx, msgType, call.params, call.file),
  );
  record(store, call, message, recipient);
  return message;
};

export const bulkSend: ApiHandler = (ctx, call) => {
  const { store } = ctx;
  const msgType = call.params.str('msg_type') as MsgType;
  precheckMessage(msgType, call.file);
  const contact = senderContact(store, call);
  const notAuthorized: string[] = [];
  const recipients: Recipient[] = [];
  for (const id of call.params.list('resources') ?? []) {
    const room = store.rooms.get(id);
    const occupant = room && contactOccupant(room, contact.client_id, contact.contact_id);
    if (room && occupant) recipients.push({ kind: 'room', room, owner: occupant.invited_by });
    else if (!room && mayReachUser(store, contact, id))
      recipients.push({ kind: 'user', userId: id });
    else notAuthorized.push(id);
  }
  if (recipients.length > 0) {
    // One stored file serves every recipient.
    const data = messageData(ctx, msgType, call.params, call.file);
    for (const r of recipients) {
      const owner = r.kind === 'user' ? r.userId : r.owner;
      record(store, call, build(call, store, contact, r, owner, data), r);
    }
  }
  return { accepted: recipients.length > 0, not_authorized: notAuthorized };
};
