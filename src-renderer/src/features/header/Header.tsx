// The top bar: which profile the app talks to, whether the engine is reachable, and the state of
// the profile's app token, always in view.
import { activeProfile } from '../../stores/session-store';
import { useSession } from '../../stores/stores-context';
import { AppTokenStatus } from './AppTokenStatus';
import { EngineStatus } from './EngineStatus';
import './header.css';

export function Header() {
  const profile = useSession(activeProfile);
  return (
    <header className="app-header">
      <div className="brand">TP Inspector</div>
      <div className="header-item header-profile" role="group" aria-label="Active profile">
        <span className="header-label">Profile</span>
        {profile ? (
          <>
            <span className="header-value">{profile.name}</span>
            {profile.kind === 'sandbox' ? <span className="badge">sandbox</span> : null}
            <span className="header-value mono quiet" title="Base URL">
              {profile.baseUrl}
            </span>
          </>
        ) : (
          <span className="header-value quiet">loading…</span>
        )}
      </div>
      <div className="header-spacer" />
      <EngineStatus />
      <AppTokenStatus />
    </header>
  );
}
