// Rooms (group conversations) and their 2.6 representation.
import type { RoomEntry } from '../../src-shared/spec';
import type { AppRecord, Occupant, RoomRecord } from './state/records';
import type { Store } from './state/store';

function occupantAddress(store: Store, o: Occupant): string {
  return o.kind === 'user'
    ? store.userAddress(o.user_id)
    : store.contactAddress(o.client_id, o.contact_id);
}

export function roomEntry(store: Store, room: RoomRecord): RoomEntry {
  return {
    room: room.id,
    data: {
      subject: room.subject,
      avatar: room.avatar,
      occupants: room.occupants.map((o) => ({ id: occupantAddress(store, o) })),
      policy: 'open',
    },
  };
}

export function contactOccupant(
  room: RoomRecord,
  clientId: string,
  contactId: string,
): Extract<Occupant, { kind: 'contact' }> | undefined {
  for (const o of room.occupants) {
    if (o.kind === 'contact' && o.client_id === clientId && o.contact_id === contactId) return o;
  }
  return undefined;
}

export function hasUser(room: RoomRecord, userId: string): boolean {
  return room.occupants.some((o) => o.kind === 'user' && o.user_id === userId);
}

/** Rooms in which a contact of the app owned by the user (or the supercontact) is an occupant. */
export function roomsOfUser(store: Store, app: AppRecord, userId: string): RoomRecord[] {
  return [...store.rooms.values()].filter((room) =>
    room.occupants.some((o) => {
      if (o.kind !== 'contact' || o.client_id !== app.client_id) return false;
      if (o.contact_id === app.client_id) return true;
      return store.contact(app.client_id, o.contact_id)?.owners.includes(userId) ?? false;
    }),
  );
}
