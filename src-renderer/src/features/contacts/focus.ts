// "Show in event log": the intent goes through the window-wide focus store, which the event log reads.
import { focusStore } from '../workbench/focus-store';

export const focusContact = (contactId: string) => focusStore.getState().focusContact(contactId);
