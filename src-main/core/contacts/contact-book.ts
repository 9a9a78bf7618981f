// The contact book of each profile, kept in the host's settings like the profiles are. The platform
// has no call that lists an app's contacts, so this is the tool's own record of what it added (or
// was told about by an import): the contact as last saved and, per owner, what the platform said.
import { z } from 'zod';
import { BookContact, type ContactOwner } from '../../../src-shared/contract';
import type { CoreHost } from '../host-interface';

const StoredContact = BookContact.omit({ supercontact: true });
export type StoredContact = z.infer<typeof StoredContact>;

const settingsKey = (profileId: string) => `contactBook.${profileId}`;

export interface ContactBookStore {
  all(profileId: string): StoredContact[];
  get(profileId: string, contactId: string): StoredContact | undefined;
  /** Inserts or replaces the contact with the same contact_id. */
  put(profileId: string, contact: StoredContact): void;
  delete(profileId: string, contactId: string): void;
}

/** `warn` hears of a book that could not be read (it is set aside, never silently lost). */
export function createContactBookStore(
  host: CoreHost,
  warn: (message: string) => void,
): ContactBookStore {
  const cache = new Map<string, StoredContact[]>();

  const load = (profileId: string): StoredContact[] => {
    const cached = cache.get(profileId);
    if (cached) return cached;
    const raw = host.settings.get(settingsKey(profileId));
    const parsed = z.array(StoredContact).safeParse(raw ?? []);
    let list: StoredContact[] = [];
    if (parsed.success) list = parsed.data;
    else {
      // Keep what could not be read, so nothing is lost, and start with an empty book.
      host.settings.set(`contactBookUnreadable-${profileId}-${Date.now()}`, raw);
      warn(
        `The contact book of profile ${profileId} could not be read; it was set aside and an empty book started.`,
      );
    }
    cache.set(profileId, list);
    return list;
  };
  const save = (profileId: string, list: StoredContact[]) => {
    cache.set(profileId, list);
    host.settings.set(settingsKey(profileId), list);
  };

  return {
    all: (profileId) => [...load(profileId)],
    get: (profileId, contactId) => load(profileId).find((c) => c.contactId === contactId),
    put(profileId, contact) {
      const list = load(profileId).filter((c) => c.contactId !== contact.contactId);
      save(profileId, [...list, contact]);
    },
    delete(profileId, contactId) {
      save(
        profileId,
        load(profileId).filter((c) => c.contactId !== contactId),
      );
    },
  };
}

/** Replaces (or adds) one owner's entry, keeping the others in their order. */
export function withOwner(owners: ContactOwner[], owner: ContactOwner): ContactOwner[] {
  const i = owners.findIndex((o) => o.userId === owner.userId);
  if (i < 0) return [...owners, owner];
  return owners.map((o, j) => (j === i ? owner : o));
}
