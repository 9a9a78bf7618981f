// One contact of the book: avatar, contact_id, display name, capability chips and owners (each
// with what the platform last said, and Remove for that owner; "Send now" for the owners an import
// only recorded). The supercontact is marked and offers nothing that would change it.
import { useState } from 'react';
import type { BookContact } from '../../../../src-shared/contract';
import { useContacts, useFocus } from '../../stores/stores-context';
import { Avatar } from './Avatar';
import { OwnerResults } from './OwnerResults';

interface Props {
  contact: BookContact;
  nameOf(userId: string): string;
  onEdit(contact: BookContact): void;
}

const stateWords = (o: BookContact['owners'][number]) =>
  o.state === 'ok'
    ? 'confirmed'
    : o.state === 'imported'
      ? 'imported, not confirmed'
      : `contact/${o.failedAction ?? 'add'} failed`;

export function ContactRow({ contact: c, nameOf, onEdit }: Props) {
  const busy = useContacts((s) => s.busy[c.contactId]);
  const results = useContacts((s) => s.results[c.contactId]);
  const remove = useContacts((s) => s.remove);
  const retry = useContacts((s) => s.retry);
  const sendNow = useContacts((s) => s.sendNow);
  const forget = useContacts((s) => s.forget);
  // "Show in event log": the intent goes through the window's focus store, which the log reads.
  const focusContact = useFocus((s) => s.focusContact);
  const failed = c.owners.filter((o) => o.state === 'failed');
  const notSent = c.owners.filter((o) => o.state === 'imported').map((o) => o.userId);
  const [confirmAll, setConfirmAll] = useState(false);
  // The owner whose removal would delete the contact (the only one), while Remove is confirmed.
  const [confirmLast, setConfirmLast] = useState<string | null>(null);
  const removeFor = (userId: string) => {
    if (c.owners.length === 1) setConfirmLast(userId);
    else void remove(c.contactId, [userId]);
  };

  return (
    <li
      className={`contact-row${c.supercontact ? ' supercontact' : ''}`}
      aria-label={`${c.contactId}, ${c.displayName}`}
    >
      <Avatar url={c.avatarUrl} name={c.displayName} />
      <div className="contact-main">
        <div className="contact-title">
          <code className="contact-id">{c.contactId}</code>
          {c.supercontact ? <span className="contact-badge">supercontact</span> : null}
        </div>
        <div className="contact-name">{c.displayName}</div>
        {c.capabilities.length ? (
          <ul className="chips" aria-label="Capabilities">
            {c.capabilities.map((cap) => (
              <li key={cap} className="chip mono">
                {cap}
              </li>
            ))}
          </ul>
        ) : null}
        {c.supercontact ? (
          <p className="hint">
            Owned by every connected user ({c.owners.length}); it cannot be removed or modified.
          </p>
        ) : (
          <ul className="owners" aria-label={`Owners of ${c.contactId}`}>
            {c.owners.length === 0 ? <li className="hint">No owner recorded.</li> : null}
            {c.owners.map((o) => (
              <li key={o.userId} className={`owner owner-${o.state}`}>
                <span>
                  {nameOf(o.userId)} <span className="quiet">· {stateWords(o)}</span>
                  {/* Kept in the book, so the reason is still there after a restart (the results below
                      say it while they are shown). */}
                  {o.state === 'failed' &&
                  o.error &&
                  !results?.some((r) => r.userId === o.userId) ? (
                    <span className="owner-error">{o.error}</span>
                  ) : null}
                </span>
                <button
                  type="button"
                  className="owner-remove"
                  disabled={busy !== undefined}
                  aria-label={`Remove ${c.contactId} for ${nameOf(o.userId)}`}
                  aria-expanded={c.owners.length === 1 ? confirmLast === o.userId : undefined}
                  title="contact/remove for this owner"
                  onClick={() => removeFor(o.userId)}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="row-actions">
          {!c.supercontact ? (
            <button
              type="button"
              disabled={busy !== undefined}
              onClick={() => onEdit(c)}
              aria-label={`Edit ${c.contactId}`}
            >
              Edit
            </button>
          ) : null}
          {notSent.length ? (
            <button
              type="button"
              className="primary"
              disabled={busy !== undefined}
              onClick={() => void sendNow(c.contactId, notSent)}
              aria-label={`Send now: contact/add of ${c.contactId} for ${notSent.length} owner(s) not confirmed`}
              title="contact/add for each owner the import only recorded"
            >
              Send now
            </button>
          ) : null}
          {failed.length ? (
            <button
              type="button"
              disabled={busy !== undefined}
              onClick={() => void retry(c.contactId)}
              aria-label={`Retry the failed calls of ${c.contactId}`}
            >
              Retry failed ({failed.length})
            </button>
          ) : null}
          {!c.supercontact && c.owners.length > 1 ? (
            <button
              type="button"
              disabled={busy !== undefined}
              aria-expanded={confirmAll}
              onClick={() => setConfirmAll((v) => !v)}
            >
              Remove for all…
            </button>
          ) : null}
          <button
            type="button"
            onClick={() => focusContact(c.contactId)}
            aria-label={`Show ${c.contactId} in the event log`}
          >
            Show in event log
          </button>
          {!c.supercontact ? (
            <button
              type="button"
              className="link"
              disabled={busy !== undefined}
              onClick={() => void forget(c.contactId)}
              aria-label={`Remove ${c.contactId} from the book (nothing is sent)`}
            >
              Remove from the book
            </button>
          ) : null}
        </div>
        {confirmAll ? (
          // Removing the last owner deletes the contact on the platform: one more click to be sure.
          <div className="confirm-all" role="group" aria-label={`Remove ${c.contactId} for all`}>
            <span>
              contact/remove for all {c.owners.length} owners: the platform deletes the contact when
              its last owner goes.
            </span>
            <button
              type="button"
              className="danger"
              onClick={() => {
                setConfirmAll(false);
                void remove(
                  c.contactId,
                  c.owners.map((o) => o.userId),
                );
              }}
            >
              Remove for all {c.owners.length}
            </button>
            <button type="button" onClick={() => setConfirmAll(false)}>
              Keep
            </button>
          </div>
        ) : null}
        {confirmLast !== null ? (
          // The platform deletes a contact when its last owner removes it: asked first.
          <div
            className="confirm-all"
            role="group"
            aria-label={`Remove ${c.contactId} for its last owner`}
          >
            <span>
              {c.contactId} is owned only by {nameOf(confirmLast)}: removing it deletes the contact
              from the platform. Remove?
            </span>
            <button
              type="button"
              className="danger"
              onClick={() => {
                setConfirmLast(null);
                void remove(c.contactId, [confirmLast]);
              }}
            >
              Remove and delete
            </button>
            <button type="button" onClick={() => setConfirmLast(null)}>
              Keep
            </button>
          </div>
        ) : null}
        {busy ? (
          <p className="hint" role="status">
            {busy}
          </p>
        ) : null}
        {results?.length ? (
          <OwnerResults contactId={c.contactId} results={results} nameOf={nameOf} />
        ) : null}
      </div>
    </li>
  );
}
