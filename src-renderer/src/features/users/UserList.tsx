// The profile's connected users, one entry each: who (user id, name from /tp/me.json), what was
// granted, when the token expires (counting down), whether a refresh token is held, and the
// actions. A user without usable tokens (a refused refresh, tokens dropped here, or tokens kept in
// memory and lost at a restart) says "no tokens" and offers "Connect again". The status value
// stays `disconnected` because it is stored in settings (docs/glossary.md, "Refused refresh").
// A user the platform no longer knows says so and offers one action, "Remove from the list":
// connecting again would make another user.
import type { ConnectedUser } from '../../../../src-shared/contract';
import { FieldList } from '../../components/FieldList';
import { clockTime } from '../../format';
import { useAuth } from '../../stores/stores-context';
import { useNow } from '../../components/use-now';
import { openConsentPage } from './ConnectUser';
import { remaining } from './countdown';

const statusWords: Record<ConnectedUser['status'], string> = {
  connected: 'connected',
  refreshing: 'refreshing…',
  disconnected: 'no tokens',
  unknown: 'unknown to the platform',
};

export function UserList({ registered }: { registered: string[] }) {
  const users = useAuth((s) => s.users);
  const loaded = useAuth((s) => s.loaded);
  if (!loaded) return <p className="quiet">Loading the connected users…</p>;
  if (users.length === 0) {
    return <p className="quiet">No user is connected to this profile yet.</p>;
  }
  return (
    <ul className="user-list" aria-label="Users">
      {users.map((u) => (
        <UserEntry key={u.userId} user={u} registered={registered} />
      ))}
    </ul>
  );
}

function UserEntry({ user, registered }: { user: ConnectedUser; registered: string[] }) {
  const now = useNow();
  const pending = useAuth((s) => s.pending[user.userId]);
  const flowBusy = useAuth(
    (s) => s.starting || s.flow?.status === 'waiting' || s.flow?.status === 'exchanging',
  );
  const refresh = useAuth((s) => s.refresh);
  const dropTokens = useAuth((s) => s.dropTokens);
  const forget = useAuth((s) => s.forget);
  const connect = useAuth((s) => s.connect);
  const name = user.displayName ?? user.userId;
  const forgotten = user.status === 'unknown';
  const noTokens = user.status === 'disconnected' || forgotten;
  const left = user.expiresAt ? remaining(user.expiresAt, now) : null;

  const expiry = noTokens
    ? '—'
    : user.expiresAt === null
      ? 'no expiry given'
      : left
        ? `in ${left} (${clockTime(user.expiresAt)})`
        : `expired at ${clockTime(user.expiresAt)}; refreshed on the next call`;

  const connectAgain = async () => {
    const granted = user.scope.split(' ').filter((s) => registered.includes(s));
    const flow = await connect(granted.length ? granted : registered);
    if (flow) openConsentPage(flow.consentUrl);
  };

  return (
    <li className={`user-entry ${noTokens ? 'user-no-tokens' : ''}`} aria-label={name}>
      <div className="user-head">
        <strong>{name}</strong>
        <span className={`tag ${noTokens ? 'tag-error' : ''}`}>{statusWords[user.status]}</span>
      </div>
      <FieldList
        label={`Token of ${name}`}
        fields={[
          { label: 'User id', value: user.userId, mono: true },
          { label: 'Name', value: user.displayName ?? 'not read yet' },
          { label: 'Scopes', value: user.scope || '—', mono: true },
          { label: 'Expires', value: expiry },
          { label: 'Refresh token', value: user.hasRefreshToken ? 'present' : 'none' },
          { label: 'Access token', value: noTokens ? '—' : user.tokenPreview, mono: true },
        ]}
      />
      {user.lastError ? <p className="text-error">{user.lastError}</p> : null}
      <div className="row">
        {forgotten ? null : noTokens ? (
          <button type="button" disabled={flowBusy} onClick={() => void connectAgain()}>
            Connect again
          </button>
        ) : (
          <>
            <button
              type="button"
              disabled={Boolean(pending) || !user.hasRefreshToken}
              title={user.hasRefreshToken ? undefined : 'No refresh token: connect the user again'}
              onClick={() => void refresh(user.userId)}
            >
              Refresh
            </button>
            <button
              type="button"
              disabled={Boolean(pending)}
              title="Forget this user's tokens in TP Inspector; the grant stays on the platform"
              onClick={() => void dropTokens(user.userId)}
            >
              Drop tokens
            </button>
          </>
        )}
        <button
          type="button"
          disabled={Boolean(pending)}
          title="Remove this user and its tokens from TP Inspector; the grant stays on the platform"
          onClick={() => void forget(user.userId)}
        >
          Remove from the list
        </button>
        {pending ? (
          <span className="quiet" role="status">
            {pending}
          </span>
        ) : null}
      </div>
    </li>
  );
}
