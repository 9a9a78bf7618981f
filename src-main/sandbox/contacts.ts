// Contacts as the platform keeps them: app-wide by contact_id, co-owned by users, plus the
// supercontact every app has (docs/sandbox.md, Identities and ids, and Contacts).
import type { ContactResponse } from '../../src-shared/spec';
import type { AppRecord, ContactRecord } from './state/records';
import type { Store } from './state/store';

function supercontact(store: Store, app: AppRecord): ContactRecord {
  const owners = [...store.connections.values()]
    .filter((c) => c.client_id === app.client_id)
    .map((c) => c.user_id);
  return {
    client_id: app.client_id,
    contact_id: app.client_id,
    display_name: app.name,
    avatar_url: '',
    capabilities: ['interactive'],
    owners,
  };
}

export function isSupercontact(app: AppRecord, contactId: string): boolean {
  return contactId === app.client_id;
}

export function findContact(
  store: Store,
  app: AppRecord,
  contactId: string,
): ContactRecord | undefined {
  return isSupercontact(app, contactId)
    ? supercontact(store, app)
    : store.contact(app.client_id, contactId);
}

export function contactJson(c: ContactRecord): ContactResponse {
  return {
    contact_id: c.contact_id,
    display_name: c.display_name,
    avatar_url: c.avatar_url,
    capabilities: c.capabilities.join(' '),
  };
}

/** A contact with no owner left is deleted and leaves every room it was in (without delivery). */
export function deleteContact(store: Store, c: ContactRecord): void {
  store.deleteContact(c.client_id, c.contact_id);
  for (const room of store.rooms.values()) {
    room.occupants = room.occupants.filter(
      (o) =>
        !(o.kind === 'contact' && o.client_id === c.client_id && o.contact_id === c.contact_id),
    );
  }
}
