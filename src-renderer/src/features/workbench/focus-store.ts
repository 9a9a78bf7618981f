// A cross-pane intent: "show this contact in the event log". The contact editor sets it, the event
// log reads it (filters its records to the contact's calls and deliveries) and clears it when the
// person clears the filter. One tiny store for the window, so neither pane imports the other.
import { createStore } from 'zustand/vanilla';

export interface FocusState {
  /** The contact_id the event log should show, or null for no contact filter. */
  contactId: string | null;
  /** Bumped at every request, so asking twice for the same contact can scroll or flash again. */
  requestedAt: number;
  focusContact(contactId: string): void;
  clearFocus(): void;
}

export type FocusStore = ReturnType<typeof createFocusStore>;

export function createFocusStore() {
  return createStore<FocusState>()((set) => ({
    contactId: null,
    requestedAt: 0,
    focusContact: (contactId) => set({ contactId, requestedAt: Date.now() }),
    clearFocus: () => set({ contactId: null }),
  }));
}
