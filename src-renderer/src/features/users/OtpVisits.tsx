// One-time passwords that arrived at the profile's management and directory URLs: who (verified
// with /tp/otp/verify.json) and what happened. When fromapp is false, 0 or absent, the API
// document asks for a disconnect control: here it drops the user's tokens ("Drop tokens of …").
import type { OtpVisit } from '../../../../src-shared/contract';
import { clockTime } from '../../format';
import { useAuth } from '../../stores/stores-context';

export function OtpVisits() {
  const visits = useAuth((s) => s.visits);
  if (visits.length === 0) {
    return (
      <p className="quiet">
        None yet. When a platform client opens the management or directory URL with a one-time
        password, it shows here.
      </p>
    );
  }
  return (
    <ul className="otp-list" aria-label="One-time password visits">
      {visits.map((v) => (
        <VisitEntry key={v.id} visit={v} />
      ))}
    </ul>
  );
}

const outcomeWords: Record<OtpVisit['outcome'], string> = {
  verified: 'verified',
  connecting: 'used to connect',
  failed: 'not verified',
};

function VisitEntry({ visit }: { visit: OtpVisit }) {
  const user = useAuth((s) => s.users.find((u) => u.userId === visit.userId));
  const pending = useAuth((s) => (visit.userId ? s.pending[visit.userId] : undefined));
  const dropTokens = useAuth((s) => s.dropTokens);
  const who = visit.displayName ?? user?.displayName ?? visit.userId ?? 'unknown user';
  const connected = user !== undefined && user.status !== 'disconnected';

  return (
    <li className="otp-entry" aria-label={`${visit.target} URL visit at ${clockTime(visit.at)}`}>
      <div className="row">
        <span className="mono">{clockTime(visit.at)}</span>
        <span>{visit.target} URL</span>
        <strong>{who}</strong>
        <span className={`tag ${visit.outcome === 'failed' ? 'tag-error' : ''}`}>
          {outcomeWords[visit.outcome]}
        </span>
        <span className="quiet mono" title="fromapp as it arrived">
          fromapp={visit.fromapp ?? '(absent)'}
        </span>
      </div>
      {visit.error ? <p className="text-error">{visit.error}</p> : null}
      {visit.showDisconnect && visit.userId ? (
        <div className="row">
          <button
            type="button"
            disabled={!connected || Boolean(pending)}
            onClick={() => void dropTokens(visit.userId!)}
          >
            Drop tokens of {who}
          </button>
          <span className="quiet">
            {connected
              ? 'Offered because fromapp is false, 0 or absent, as the API document asks.'
              : 'Offered because fromapp is false, 0 or absent; the user is not connected here.'}
          </span>
        </div>
      ) : null}
    </li>
  );
}
