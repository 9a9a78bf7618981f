// What the last removal did when it left a contact with no owner: the platform deleted it and its
// row went from the book, so the pane says so (the row's results went with the row).
import { useContacts } from '../../stores/stores-context';

export function DeletedNote({ nameOf }: { nameOf(userId: string): string }) {
  const deleted = useContacts((s) => s.deleted);
  const dismiss = useContacts((s) => s.dismissDeleted);
  if (!deleted) return null;
  const { contactId, displayName, results } = deleted;
  const calls = results
    .map((r) => `${nameOf(r.userId)} (${r.status === null ? 'not answered' : r.status})`)
    .join(', ');
  return (
    <p className="contacts-deleted" role="status" aria-label="Contact deleted">
      <span>
        {contactId} ({displayName}) is deleted from the platform: contact/remove went out for{' '}
        {calls}, and no owner is left. To have it again, add it with Add contact.
      </span>{' '}
      <button type="button" className="link" onClick={dismiss}>
        Dismiss
      </button>
    </p>
  );
}
