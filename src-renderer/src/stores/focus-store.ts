// A cross-pane intent: "show this contact in the event log". The contact editor sets it, the event
// log reads it (filters its records to the contact's calls and deliveries) and clears it when the
// person clears the filter. One tiny store for the window, so neither pane imports the other.
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { JournalRecord } from '../contract';

export interface FocusState {
  /** The contact_id the event log should show, or null for no contact filter. */
  contactId: string | null;
  /** Bumped at every request, so asking twice for the same contact can scroll or flash again. */
  requestedAt: number;
  focusContact(contactId: string): void;
  clearFocus(): void;
}

export const focusStore = createStore<FocusState>()((set) => ({
  contactId: null,
  requestedAt: 0,
  focusContact: (contactId) => set({ contactId, requestedAt: Date.now() }),
  clearFocus: () => set({ contactId: null }),
}));

export function useFocus<T>(selector: (s: FocusState) => T): T {
  return useStore(focusStore, selector);
}

/**
 * Whether a journal record concerns a contact: a call that named it (contact_id in the request),
 * or a delivery to or about it (the classification's contactId). For the event log's filter.
 */
export function recordConcernsContact(record: JournalRecord, contactId: string): boolean {
  switch (record.kind) {
    case 'api':
      return record.api.requestParams.contact_id === contactId;
    case 'delivery':
      return record.delivery.classification.contactId === contactId;
    default:
      return false;
  }
}
