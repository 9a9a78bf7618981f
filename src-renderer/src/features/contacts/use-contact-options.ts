// The contact book as the source of the composer's contact pickers: each contact_id (the
// supercontact first) with a label to show beside it. The book's array only changes on
// contacts.changed, so the memo holds between renders.
import { useMemo } from 'react';
import { useContacts } from '../../stores/stores-context';

interface ContactOption {
  contactId: string;
  /** "Order 1042", or "My App (supercontact)". */
  label: string;
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
