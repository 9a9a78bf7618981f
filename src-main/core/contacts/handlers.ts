import type { contactsCommands } from '../../../src-shared/contract';
import type { HandlerGroup } from '../dispatch';
import type { Services } from '../services';

export function contactHandlers({
  contacts,
}: Pick<Services, 'contacts'>): HandlerGroup<keyof typeof contactsCommands> {
  return {
    'contacts.list': async ({ profileId }) => contacts.list(profileId),
    'contacts.save': async ({ profileId, contact }) => contacts.save(contact, profileId),
    'contacts.remove': async ({ profileId, contactId, userIds }) =>
      contacts.remove(contactId, userIds, profileId),
    'contacts.retry': async ({ profileId, contactId, userIds }) =>
      contacts.retry(contactId, userIds, profileId),
    'contacts.forget': async ({ profileId, contactId }) => contacts.forget(contactId, profileId),
    'contacts.importPreview': async ({ profileId, format, text }) =>
      contacts.importPreview(text, format, profileId),
    'contacts.import': async (input) => contacts.importContacts(input),
    'contacts.export': async ({ profileId, format }) => contacts.exportBook(format, profileId),
  };
}
