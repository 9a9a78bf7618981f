// The Users tab: connect a user to the active profile, the users connected so far with their
// tokens, the one-time passwords that arrived, and, where there is no OS keyring, where secrets
// are kept. The last failed action is shown once, at the top, in words.
import { Pane } from '../../components/Pane';
import { activeProfile } from '../header/app-store';
import { useAuth, useApp } from '../../stores/stores-context';
import { SecretsNotice } from '../profiles/SecretsNotice';
import { ConnectUser } from './ConnectUser';
import { OtpVisits } from './OtpVisits';
import { UserList } from './UserList';
import './users.css';

export function UsersPane() {
  const profile = useApp(activeProfile);
  const actionError = useAuth((s) => s.actionError);
  const loadError = useAuth((s) => s.loadError);
  if (!profile) {
    return (
      <Pane title="Users">
        <p className="quiet">Loading the active profile…</p>
      </Pane>
    );
  }
  return (
    <Pane title="Users" className="users-pane">
      {loadError ? (
        <p className="error-text" role="alert">
          Could not load the users of {profile.name}: {loadError}
        </p>
      ) : null}
      {actionError ? (
        <p className="error-text" role="alert">
          {actionError}
        </p>
      ) : null}
      <section aria-label="Connect a user" className="users-section">
        <h3>Connect a user to {profile.name}</h3>
        {/* A new scope choice for another profile, or when its registered scopes change. */}
        <ConnectUser
          key={`${profile.id} ${profile.scopes.join(' ')}`}
          registered={profile.scopes}
        />
      </section>
      <section aria-label="Users of the profile" className="users-section">
        <h3>Users</h3>
        <UserList registered={profile.scopes} />
      </section>
      <section aria-label="One-time passwords" className="users-section">
        <h3>One-time passwords</h3>
        <OtpVisits />
      </section>
      <SecretsNotice />
    </Pane>
  );
}
