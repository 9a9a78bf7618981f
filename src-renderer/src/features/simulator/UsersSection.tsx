// Sandbox users: create one, and for each see whether the app has them connected and what the app
// sent that reached them (with the push flag), open the app's management or directory URL as
// that user (a new otp), or revoke their grant on the platform. One line per user until opened, as
// the column is narrow and the sandbox starts with four.
import { useId, useState, type FormEvent } from 'react';
import type { SimReceived, SimUser } from '../../../../src-shared/contract';
import { useSimulator } from '../../stores/stores-context';
import { fullName, sandboxTime } from './names';
import { FoldButton } from './Section';

export function UsersSection() {
  const users = useSimulator((s) => s.view?.users ?? []);
  const busy = useSimulator((s) => s.busy.users !== undefined);
  const createUser = useSimulator((s) => s.createUser);
  const [name, setName] = useState('');
  const [surname, setSurname] = useState('');
  const [msisdn, setMsisdn] = useState('');
  const [lang, setLang] = useState('');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const ok = await createUser({
      name: name.trim(),
      surname: surname.trim(),
      ...(msisdn.trim() ? { msisdn: msisdn.trim() } : {}),
      ...(lang.trim() ? { lang: lang.trim() } : {}),
    });
    if (ok) {
      setName('');
      setSurname('');
      setMsisdn('');
      setLang('');
    }
  };

  return (
    <>
      <form className="sim-form" aria-label="New user" onSubmit={(e) => void submit(e)}>
        <div className="sim-row">
          <label className="sim-field">
            <span>Name</span>
            <input value={name} onChange={(e) => setName(e.target.value)} required />
          </label>
          <label className="sim-field">
            <span>Surname</span>
            <input value={surname} onChange={(e) => setSurname(e.target.value)} />
          </label>
        </div>
        <div className="sim-row">
          <label className="sim-field">
            <span>Phone (optional)</span>
            <input
              className="mono"
              value={msisdn}
              placeholder="+4915112345678"
              onChange={(e) => setMsisdn(e.target.value)}
            />
          </label>
          <label className="sim-field sim-field-short">
            <span>Language</span>
            <input
              className="mono"
              value={lang}
              placeholder="en"
              title="The lang that /tp/me.json answers for this user (the sandbox's default when empty)"
              onChange={(e) => setLang(e.target.value)}
            />
          </label>
          <button type="submit" disabled={busy || name.trim() === ''}>
            Create user
          </button>
        </div>
      </form>
      <ul className="sim-list" aria-label="Sandbox users">
        {users.map((u) => (
          <UserItem key={u.id} user={u} />
        ))}
      </ul>
      {users.length === 0 ? <p className="quiet">No users yet.</p> : null}
    </>
  );
}

/** One line per user; opened, the user's actions and what the app sent them. */
function UserItem({ user }: { user: SimUser }) {
  const busy = useSimulator((s) => s.busy.users !== undefined);
  const otp = useSimulator((s) => s.otp);
  const revokeOnPlatform = useSimulator((s) => s.revokeOnPlatform);
  const [open, setOpen] = useState(false);
  const [fromapp, setFromapp] = useState(false);
  const bodyId = useId();
  const name = fullName(user);
  return (
    <li aria-label={name} className="sim-item">
      <div className="sim-item-head">
        <FoldButton open={open} controls={bodyId} onToggle={() => setOpen(!open)}>
          {name}
        </FoldButton>
        <span className={user.connected ? 'sim-badge sim-ok' : 'sim-badge quiet'}>
          {user.connected ? `connected · ${user.scopes.join(' ')}` : 'not connected'}
        </span>
        {user.received.length > 0 ? (
          <span className="quiet sim-small">{user.received.length} received</span>
        ) : null}
      </div>
      <div id={bodyId} hidden={!open} className="sim-item-body">
        <p className="quiet sim-small">
          id <span className="mono">{user.id}</span> · language{' '}
          <span className="mono">{user.lang}</span>
          {user.msisdn ? (
            <>
              {' '}
              · phone <span className="mono">{user.msisdn}</span>
            </>
          ) : null}
        </p>
        <div className="sim-actions">
          <button
            type="button"
            disabled={busy}
            onClick={() => void otp({ userId: user.id, target: 'management', fromapp })}
          >
            Open management URL
          </button>
          <label className="sim-check" title="Sent with the management URL: fromapp=true or false">
            <input
              type="checkbox"
              checked={fromapp}
              onChange={(e) => setFromapp(e.target.checked)}
            />
            <span className="mono">fromapp</span>
          </label>
        </div>
        <div className="sim-actions">
          <button
            type="button"
            disabled={busy}
            onClick={() => void otp({ userId: user.id, target: 'directory' })}
          >
            Open directory URL
          </button>
          {user.connected ? (
            <button
              type="button"
              disabled={busy}
              title="The sandbox revokes the user's grant and tokens for the app"
              onClick={() => void revokeOnPlatform(user.id)}
            >
              Revoke on the platform
            </button>
          ) : null}
        </div>
        <Received name={name} items={user.received} />
      </div>
    </li>
  );
}

function Received({ name, items }: { name: string; items: SimReceived[] }) {
  if (items.length === 0) return <p className="quiet sim-small">Nothing from the app yet.</p>;
  return (
    // Focusable: the list scrolls on its own once it is long, and the keyboard must reach it.
    <ul className="sim-received" aria-label={`Received by ${name}`} tabIndex={0}>
      {items.map((m) => (
        <li key={m.id}>
          <span className="mono">{m.type}</span>{' '}
          <span className={m.noPush ? 'sim-badge quiet' : 'sim-badge'}>
            {m.noPush ? 'no push' : 'push'}
          </span>{' '}
          <span className="quiet">
            {sandboxTime(m.timestamp)}
            {m.room ? ` · room ${m.room}` : ''} · from <span className="mono">{m.sender}</span>
          </span>
          <pre className="sim-data">{m.data}</pre>
        </li>
      ))}
    </ul>
  );
}
