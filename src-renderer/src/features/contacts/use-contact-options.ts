// The contact book as the source of the composer's contact pickers: the ids (supercontact first)
// for a <datalist>, and labels to show beside them. The book's array only changes on
// contacts.changed, so the memo holds between renders.
import { useMemo } from 'react';
import { useContacts } from '../../stores/stores-context';

export interface ContactOption {
  contactId: string;
  /** "Order 1042", or "My App (supercontact)". */
  label: string;
}

/** contact_ids of the active profile's book, the supercontact first. */
export function useContactIds(): string[] {
  const contacts = useContacts((s) => s.contacts);
  return useMemo(() => contacts.map((c) => c.contactId), [contacts]);
}

/** The book as options for a contact picker (e.g. <option value={contactId} label={label} />). */
export function useContactOptions(): ContactOption[] {
  const contacts = useContacts((s) => s.contacts);
  return useMemo(
    () =>
      contacts.map((c) => ({
        contactId: c.contactId,
        label: c.supercontact ? `${c.displayName} (supercontact)` : c.displayName,
      })),
    [contacts],
  );
}
