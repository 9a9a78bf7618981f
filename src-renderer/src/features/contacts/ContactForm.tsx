// Add or edit a contact: contact_id, display name, avatar URL, capabilities (the documented ones as
// checkboxes, others in a free field: the platform may know more), and the owners among the
// connected users, one contact/add each. Checked as typed with the catalog's rules; an edit says
// before it is saved that the platform changes the contact for every owner.
import { useId, useState, type KeyboardEvent } from 'react';
import type { BookContact, ContactFieldIssue } from '../../../../src-shared/contract';
import { useAuth, useContacts } from '../../stores/stores-context';
import { Avatar } from './Avatar';
import { checkContact, DOCUMENTED_CAPABILITIES, parseCapabilities } from './rules';
import { MOD_KEY } from '../../components/keys';

type Field = ContactFieldIssue['field'];

interface Props {
  /** The contact being edited; null to add one. */
  editing: BookContact | null;
  onDone(contactId: string | null): void;
}

export function ContactForm({ editing, onDone }: Props) {
  const users = useAuth((s) => s.users);
  const save = useContacts((s) => s.save);
  const book = useContacts((s) => s.contacts);
  const ids = useId();
  const connected = users.filter((u) => u.status !== 'disconnected');

  const [contactId, setContactId] = useState(editing?.contactId ?? '');
  const [displayName, setDisplayName] = useState(editing?.displayName ?? '');
  const [avatarUrl, setAvatarUrl] = useState(editing?.avatarUrl ?? '');
  const [caps, setCaps] = useState<string[]>(
    (editing?.capabilities ?? []).filter((c) => DOCUMENTED_CAPABILITIES.includes(c)),
  );
  const [otherCaps, setOtherCaps] = useState(
    (editing?.capabilities ?? []).filter((c) => !DOCUMENTED_CAPABILITIES.includes(c)).join(' '),
  );
  // An edit starts with the owners that are connected here (a call for any other would fail).
  const [owners, setOwners] = useState<string[]>(() => {
    const here = connected.map((u) => u.userId);
    if (editing) return editing.owners.map((o) => o.userId).filter((id) => here.includes(id));
    return here.length === 1 ? here : [];
  });
  const [touched, setTouched] = useState<Set<Field>>(new Set());
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverIssues, setServerIssues] = useState<ContactFieldIssue[]>([]);
  const [error, setError] = useState<string | null>(null);
  // What the store says the save is doing ("Sending contact/add for 2 owner(s)…").
  const sending = useContacts((s) => s.busy[contactId.trim()]);

  const capabilities = [...caps, ...parseCapabilities(otherCaps)];
  // Cheap enough to run at every keystroke: a handful of regex and length checks.
  const check = checkContact(
    { contactId, displayName, avatarUrl, capabilities, owners },
    { requireOwners: true },
  );
  // Adding a contact_id the book holds already is an edit on the platform: say so the same way.
  const existing = editing ?? book.find((c) => c.contactId === contactId.trim()) ?? null;
  if (existing?.supercontact) {
    check.errors.push({
      field: 'contactId',
      message: `${existing.contactId} is the app's supercontact: it cannot be added or modified.`,
    });
  }
  const shown = (field: Field) =>
    tried || touched.has(field)
      ? [...check.errors, ...serverIssues].filter((e) => e.field === field).map((e) => e.message)
      : [];
  // A field's errors show from its first change (or after a save attempt), never on blur: an error
  // appearing on blur shifts the Save button away between mousedown and mouseup.
  const touch = (field: Field) => {
    setTouched((t) => new Set(t).add(field));
    // What the engine refused was about the values then; a change makes it stale.
    setServerIssues([]);
  };
  const nameOf = (userId: string) => users.find((u) => u.userId === userId)?.displayName ?? userId;

  const submit = async () => {
    setTried(true);
    if (check.errors.length > 0 || busy) return;
    setBusy(true);
    setError(null);
    const outcome = await save({ contactId, displayName, avatarUrl, capabilities, owners });
    setBusy(false);
    if (outcome.ok) onDone(contactId.trim());
    else {
      setServerIssues(outcome.issues);
      setError(outcome.error);
    }
  };
  const onKeyDown = (e: KeyboardEvent<HTMLFormElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      onDone(null);
    } else if (
      e.key === 'Enter' &&
      (e.ctrlKey ||
        e.metaKey ||
        (e.target instanceof HTMLInputElement && e.target.type !== 'checkbox'))
    ) {
      e.preventDefault();
      void submit();
    }
  };

  const fieldError = (field: Field) => {
    const messages = shown(field);
    return messages.length ? (
      <span className="field-error" id={`${ids}-${field}-err`}>
        {messages.join(' ')}
      </span>
    ) : null;
  };
  const describedBy = (field: Field) => (shown(field).length ? `${ids}-${field}-err` : undefined);
  const title = editing ? `Edit contact ${editing.contactId}` : 'Add contact';
  const otherOwners = existing
    ? existing.owners.map((o) => o.userId).filter((id) => !owners.includes(id))
    : [];

  return (
    <form
      className="contact-form"
      aria-label={title}
      noValidate
      // Submitted by hand, never natively: the window's CSP (form-action 'none') stops a native
      // submission before its submit event in Chromium.
      onSubmit={(e) => e.preventDefault()}
      onKeyDown={onKeyDown}
    >
      <h3>{title}</h3>
      <label>
        contact_id
        <input
          className="mono"
          value={contactId}
          readOnly={editing !== null}
          aria-invalid={shown('contactId').length > 0}
          aria-describedby={describedBy('contactId')}
          onChange={(e) => {
            touch('contactId');
            setContactId(e.target.value);
          }}
          spellCheck={false}
          autoFocus={!editing}
          placeholder="order-1042"
        />
        {fieldError('contactId')}
      </label>
      <label>
        Display name
        <input
          value={displayName}
          aria-invalid={shown('displayName').length > 0}
          aria-describedby={describedBy('displayName')}
          onChange={(e) => {
            touch('displayName');
            setDisplayName(e.target.value);
          }}
          autoFocus={editing !== null}
        />
        {fieldError('displayName')}
      </label>
      <div className="avatar-field">
        <label>
          Avatar URL
          <input
            className="mono"
            value={avatarUrl}
            aria-invalid={shown('avatarUrl').length > 0}
            aria-describedby={describedBy('avatarUrl')}
            onChange={(e) => {
              touch('avatarUrl');
              setAvatarUrl(e.target.value);
            }}
            spellCheck={false}
            placeholder="https://… (optional)"
          />
          {fieldError('avatarUrl')}
        </label>
        <Avatar
          url={check.errors.some((x) => x.field === 'avatarUrl') ? '' : avatarUrl.trim()}
          name={displayName || contactId}
        />
      </div>
      <fieldset>
        <legend>Capabilities</legend>
        {DOCUMENTED_CAPABILITIES.map((cap) => (
          <label key={cap} className="check">
            <input
              type="checkbox"
              checked={caps.includes(cap)}
              onChange={(e) =>
                setCaps((c) => (e.target.checked ? [...c, cap] : c.filter((x) => x !== cap)))
              }
            />
            <code>{cap}</code>
          </label>
        ))}
        <label>
          Other capabilities
          <input
            className="mono"
            value={otherCaps}
            onChange={(e) => setOtherCaps(e.target.value)}
            spellCheck={false}
            placeholder="space-separated, not documented"
          />
        </label>
        {check.notes.map((n) => (
          <span key={n.message} className="field-note">
            {n.message}
          </span>
        ))}
      </fieldset>
      <fieldset aria-describedby={describedBy('owners')}>
        <legend>Owners (connected users)</legend>
        {connected.length === 0 ? (
          <p className="hint">
            No user is connected to this profile yet: connect one in the Users tab, then choose them
            here.
          </p>
        ) : (
          connected.map((u) => (
            <label key={u.userId} className="check">
              <input
                type="checkbox"
                checked={owners.includes(u.userId)}
                onChange={(e) => {
                  touch('owners');
                  setOwners((o) =>
                    e.target.checked ? [...o, u.userId] : o.filter((x) => x !== u.userId),
                  );
                }}
              />
              {u.displayName ?? u.userId} <code className="quiet">{u.userId}</code>
            </label>
          ))
        )}
        {fieldError('owners')}
      </fieldset>
      {existing && !existing.supercontact ? (
        <p className="edit-warning" role="note">
          {editing ? 'Saving changes ' : 'This contact_id is in the book already: saving changes '}
          <code>{existing.contactId}</code> for every owner on the platform
          {existing.owners.length
            ? ` (${existing.owners.map((o) => nameOf(o.userId)).join(', ')})`
            : ''}
          , not only for the owners ticked above: contact/add on an existing contact_id is an update
          of the one contact they share.
          {otherOwners.length
            ? ` Unticking an owner does not remove it (${otherOwners.map(nameOf).join(', ')} stay owners): use Remove in the list.`
            : ''}
        </p>
      ) : null}
      {error ? (
        <p className="error-text" role="alert">
          {error}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="button" className="primary" disabled={busy} onClick={() => void submit()}>
          {busy ? (sending ?? 'Sending…') : editing ? 'Save changes' : 'Save contact'}
        </button>
        <button type="button" onClick={() => onDone(null)}>
          Cancel
        </button>
        <span className="hint">
          <kbd>{MOD_KEY}</kbd>+<kbd>Enter</kbd> saves, <kbd>Esc</kbd> cancels
        </span>
      </div>
    </form>
  );
}
