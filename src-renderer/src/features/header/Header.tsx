// The top bar: which profile the app talks to (a switcher, and the Profiles dialog), whether the
// engine is reachable, the tunnel's state and the profile's app token, always in view.
import { activeProfile } from './app-store';
import { useApp } from '../../stores/stores-context';
import { AppTokenStatus } from './AppTokenStatus';
import { EngineStatus } from './EngineStatus';
import { ProfilesButton } from './ProfilesButton';
import { ProfileSwitcher } from './ProfileSwitcher';
import { TunnelBadge } from '../inbound/TunnelBadge';
import { ProfilesDialog } from '../profiles/ProfilesDialog';
import './header.css';

export function Header() {
  const profile = useApp(activeProfile);
  return (
    <header className="app-header">
      <div className="brand">TP Inspector</div>
      <div className="header-item header-profile" role="group" aria-label="Active profile">
        <span className="header-label">Profile</span>
        <ProfileSwitcher />
        {profile ? (
          <>
            {profile.kind === 'sandbox' ? <span className="tag">sandbox</span> : null}
            <span className="header-value mono quiet" title="Base URL">
              {profile.baseUrl}
            </span>
          </>
        ) : null}
      </div>
      <ProfilesButton />
      <ProfilesDialog />
      <div className="header-spacer" />
      <EngineStatus />
      <TunnelBadge />
      <AppTokenStatus />
    </header>
  );
}
