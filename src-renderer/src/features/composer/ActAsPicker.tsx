// "Act as": the app token, the app token for a connected user (user_id filled in from here), or a
// user's own token (API document §5). Endpoints that take no token, or only the app token,
// say so instead of offering choices the platform refuses.
import type { ActAs, ComposerIssue } from '../../../../src-shared/contract';
import type { EndpointSpec } from '../../../../src-shared/spec';
import { useAuth, useComposer } from '../../stores/stores-context';

const NO_ISSUES: ComposerIssue[] = [];

const KINDS: { kind: ActAs['kind']; label: string }[] = [
  { kind: 'app', label: 'App token' },
  { kind: 'appForUser', label: 'App token for a user' },
  { kind: 'user', label: "User's token" },
];

export function ActAsPicker({ endpoint }: { endpoint: EndpointSpec }) {
  const actAs = useComposer((s) => s.draft.actAs);
  const setActAs = useComposer((s) => s.setActAs);
  const users = useAuth((s) => s.users);
  const errors = useComposer((s) => s.preview?.errors ?? NO_ISSUES).filter(
    (i) => i.field === 'actAs',
  );

  if (endpoint.auth === 'none') {
    return (
      <p className="act-as-note quiet">
        {endpoint.paths[0]} takes no Authorization header: there is no one to act as.
      </p>
    );
  }
  const connected = users.filter((u) => u.status !== 'disconnected');
  const userId = actAs.kind === 'app' ? (connected[0]?.userId ?? '') : actAs.userId;
  const choose = (kind: ActAs['kind'], id = userId) =>
    setActAs(kind === 'app' ? { kind } : { kind, userId: id });

  return (
    <div className="act-as">
      <div role="radiogroup" aria-label="Act as" className="act-as-kinds">
        {KINDS.map((k) => {
          const refused = endpoint.auth === 'app' && k.kind !== 'app';
          const needsUser = k.kind !== 'app' && !userId;
          return (
            <label key={k.kind} className={refused ? 'refused' : undefined}>
              <input
                type="radio"
                name="act-as"
                checked={actAs.kind === k.kind}
                disabled={needsUser && actAs.kind !== k.kind}
                onChange={() => choose(k.kind)}
              />
              {k.label}
            </label>
          );
        })}
      </div>
      {actAs.kind !== 'app' ? (
        <label className="inline-label">
          <span>User</span>
          <select
            className="mono"
            value={actAs.userId}
            onChange={(e) => choose(actAs.kind, e.target.value)}
          >
            {connected.some((u) => u.userId === actAs.userId) ? null : (
              <option value={actAs.userId}>{actAs.userId} (not connected)</option>
            )}
            {connected.map((u) => (
              <option key={u.userId} value={u.userId}>
                {u.displayName ? `${u.displayName} · ${u.userId}` : u.userId}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {endpoint.auth === 'app' ? (
        <p className="act-as-note quiet">
          {endpoint.title} requires the app-level token (API document §5.7): a user&apos;s token, or
          the app token for a user, is refused.
        </p>
      ) : connected.length === 0 ? (
        <p className="act-as-note quiet">
          No connected user yet: connect one in the Users tab to act as a user or for one.
        </p>
      ) : null}
      {errors.map((i) => (
        <p key={i.message} className="act-as-note param-error">
          {i.message}
        </p>
      ))}
    </div>
  );
}
