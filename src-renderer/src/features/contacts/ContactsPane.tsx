// The contact editor: the profile's contact book (the platform cannot list an app's contacts, so
// the tool keeps its own), adding and editing for one or several owners, removal per owner,
// per-owner results with retry, import and export.
import { useEffect, useRef, useState } from 'react';
import type { BookContact } from '../../../../src-shared/contract';
import { downloadFile } from '../../components/download';
import { Pane } from '../../components/Pane';
import { useAuth, useContacts } from '../../stores/stores-context';
import { ownerLabel } from './owner-label';
import { ContactForm } from './ContactForm';
import { ContactRow } from './ContactRow';
import { DeletedNote } from './DeletedNote';
import { ImportPanel } from './ImportPanel';
import './contacts.css';

type Editor = { mode: 'add' } | { mode: 'edit'; contact: BookContact } | null;

export function ContactsPane() {
  const contacts = useContacts((s) => s.contacts);
  const loaded = useContacts((s) => s.loaded);
  const loadError = useContacts((s) => s.loadError);
  const actionError = useContacts((s) => s.actionError);
  const exportBook = useContacts((s) => s.exportBook);
  const users = useAuth((s) => s.users);
  const [editor, setEditor] = useState<Editor>(null);
  const [importOpen, setImportOpen] = useState(false);
  const [filter, setFilter] = useState('');
  const profileId = useContacts((s) => s.profileId);
  // Another profile has another book and other users: a half-filled form would not fit it. (Not
  // on the first load, null to the active profile: a form opened that early stays.)
  const shownFor = useRef(profileId);
  useEffect(() => {
    if (shownFor.current !== null && shownFor.current !== profileId) {
      setEditor(null);
      setImportOpen(false);
    }
    shownFor.current = profileId;
  }, [profileId]);

  const nameOf = ownerLabel(users);
  const exportAs = async (format: 'csv' | 'json') => {
    const file = await exportBook(format);
    if (file) downloadFile(file);
  };
  const needle = filter.trim().toLowerCase();
  const shown = needle
    ? contacts.filter(
        (c) =>
          c.contactId.toLowerCase().includes(needle) ||
          c.displayName.toLowerCase().includes(needle),
      )
    : contacts;

  return (
    <Pane title="Contacts" className="pane-contacts">
      <div className="contacts-toolbar" role="toolbar" aria-label="Contact book">
        <button
          type="button"
          className="primary"
          aria-expanded={editor?.mode === 'add'}
          onClick={() => setEditor({ mode: 'add' })}
        >
          Add contact
        </button>
        <button type="button" aria-expanded={importOpen} onClick={() => setImportOpen((v) => !v)}>
          Import…
        </button>
        <button
          type="button"
          aria-describedby="contacts-csv-note"
          onClick={() => void exportAs('csv')}
        >
          Export CSV
        </button>
        <button type="button" onClick={() => void exportAs('json')}>
          Export JSON
        </button>
      </div>
      <p className="hint" id="contacts-csv-note">
        CSV export: a cell starting with <code>=</code> <code>+</code> <code>-</code> <code>@</code>
        , a tab or a return gets a leading <code>'</code> so no spreadsheet runs it as a formula;
        the import removes it.
      </p>
      {editor ? (
        <ContactForm
          key={editor.mode === 'edit' ? editor.contact.contactId : 'add'}
          editing={editor.mode === 'edit' ? editor.contact : null}
          onDone={() => setEditor(null)}
        />
      ) : null}
      {importOpen ? <ImportPanel onClose={() => setImportOpen(false)} /> : null}
      {actionError ? (
        <p className="error-text" role="alert">
          {actionError}
        </p>
      ) : null}
      <DeletedNote nameOf={nameOf} />
      {loadError ? (
        <p className="error-text" role="alert">
          The contact book could not be loaded: {loadError} It is tried again when the engine link
          comes back.
        </p>
      ) : null}
      {!loaded ? <p role="status">Loading the contact book…</p> : null}
      {contacts.length > 4 ? (
        <input
          type="search"
          className="contacts-filter"
          aria-label="Filter contacts"
          placeholder="Filter by contact_id or name"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
      ) : null}
      <ul className="contact-list" aria-label="Contacts">
        {shown.map((c) => (
          <ContactRow
            key={c.contactId}
            contact={c}
            nameOf={nameOf}
            onEdit={(contact) => setEditor({ mode: 'edit', contact })}
          />
        ))}
      </ul>
      {loaded && contacts.length <= 1 ? (
        <p className="hint">
          The platform has no call that lists an app&apos;s contacts: this book holds the ones added
          or imported here. Add one with <strong>Add contact</strong>.
        </p>
      ) : null}
    </Pane>
  );
}
