// The Profiles dialog: the list of profiles on the left, the chosen one's form on the right, and
// the actions on them (new, duplicate, delete with a confirmation, use, export, import). A native
// modal <dialog>: focus stays inside, Escape closes it, the page behind is inert.
import { useEffect, useRef, useState } from 'react';
import { useProfiles, useApp } from '../../stores/stores-context';
import { ExportImport } from './ExportImport';
import { ProfileForm } from './ProfileForm';
import { SecretsNotice } from './SecretsNotice';
import './profiles.css';

export function ProfilesDialog() {
  const ref = useRef<HTMLDialogElement>(null);
  const open = useProfiles((s) => s.dialogOpen);
  const close = useProfiles((s) => s.closeDialog);
  const editing = useProfiles((s) => s.editing);
  const edit = useProfiles((s) => s.edit);
  const notice = useProfiles((s) => s.notice);
  const profiles = useApp((s) => s.profiles);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const list = profiles?.profiles ?? [];
  const current =
    editing === 'new' ? null : (list.find((p) => p.id === editing) ?? list[0] ?? null);

  return (
    <dialog
      ref={ref}
      className="profiles-dialog"
      aria-labelledby="profiles-dialog-title"
      // Escape's `cancel` comes with the key, `close` a task later: closing the store at `cancel`
      // means an Alt+P pressed right after Escape opens the dialog again rather than finding it
      // still marked open (and doing nothing).
      onCancel={close}
      onClose={close}
    >
      <div className="dialog-head">
        <h2 id="profiles-dialog-title">Profiles</h2>
        <button type="button" onClick={close} aria-keyshortcuts="Escape">
          Close
        </button>
      </div>
      {open ? (
        <div className="dialog-body">
          <div className="profiles-side">
            <ul className="profile-list" aria-label="Profile list">
              {list.map((p) => (
                <li key={p.id}>
                  <button
                    type="button"
                    className="profile-item"
                    aria-current={editing !== 'new' && current?.id === p.id ? 'true' : undefined}
                    onClick={() => edit(p.id)}
                  >
                    <span>{p.name}</span>
                    {p.kind === 'sandbox' ? <span className="tag">sandbox</span> : null}
                    {p.id === profiles?.activeProfileId ? (
                      <span className="tag tag-active">active</span>
                    ) : null}
                  </button>
                </li>
              ))}
            </ul>
            <button
              type="button"
              aria-current={editing === 'new' ? 'true' : undefined}
              onClick={() => edit('new')}
            >
              New profile
            </button>
            <ExportImport />
          </div>
          <div className="profiles-main">
            {notice ? (
              <p
                className={notice.kind === 'error' ? 'error-text' : 'ok-text'}
                role={notice.kind === 'error' ? 'alert' : 'status'}
              >
                {notice.text}
              </p>
            ) : null}
            {current ? (
              <ProfileActions
                // Keys share the parent with the form's: prefixed so they never collide.
                key={`actions-${current.id}`}
                profileId={current.id}
                name={current.name}
                deletable={current.kind !== 'sandbox'}
                active={current.id === profiles?.activeProfileId}
              />
            ) : null}
            <ProfileForm
              // A new form per profile, and per change of the sandbox's (it follows its registration).
              key={
                current
                  ? current.kind === 'sandbox'
                    ? JSON.stringify(current)
                    : `form-${current.id}`
                  : 'new'
              }
              profile={current}
            />
            <SecretsNotice />
          </div>
        </div>
      ) : null}
    </dialog>
  );
}

function ProfileActions(props: {
  profileId: string;
  name: string;
  deletable: boolean;
  active: boolean;
}) {
  const { profileId, name, deletable, active } = props;
  const duplicate = useProfiles((s) => s.duplicate);
  const remove = useProfiles((s) => s.remove);
  const select = useProfiles((s) => s.select);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (words: string, action: () => Promise<void>) => {
    setBusy(words);
    await action();
    setBusy(null);
  };

  if (confirming) {
    return (
      <div className="confirm" role="group" aria-label="Confirm deletion">
        <p>
          Delete the profile <strong>{name}</strong>? Its settings, client secret and connected
          users are removed from TP Inspector. This cannot be undone (export it first to keep a copy
          without secrets).
        </p>
        <div className="row">
          <button
            type="button"
            className="danger"
            onClick={() => void run('Deleting…', () => remove(profileId))}
          >
            Delete {name}
          </button>
          <button type="button" onClick={() => setConfirming(false)} autoFocus>
            Keep it
          </button>
        </div>
      </div>
    );
  }
  return (
    <div className="row profile-actions" role="group" aria-label="Profile actions">
      <button
        type="button"
        disabled={active || busy !== null}
        onClick={() => void run('Switching…', () => select(profileId))}
      >
        {active ? 'In use' : 'Use this profile'}
      </button>
      <button
        type="button"
        disabled={busy !== null}
        onClick={() => void run('Duplicating…', () => duplicate(profileId))}
      >
        Duplicate
      </button>
      {deletable ? (
        <button type="button" disabled={busy !== null} onClick={() => setConfirming(true)}>
          Delete…
        </button>
      ) : null}
      {busy ? (
        <span className="quiet" role="status">
          {busy}
        </span>
      ) : null}
    </div>
  );
}
