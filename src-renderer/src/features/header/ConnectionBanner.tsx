// A bar under the header while the engine is unreachable, saying so and that it is being retried:
// every control still renders, but calls wait for the link or fail with this reason. While the
// link is up: the active profile's base URL that does not answer, and the sandbox that moved.
import { useApp } from '../../stores/stores-context';
import { ProfileBanners } from './ProfileBanners';
import './header.css';

export function ConnectionBanner() {
  const connection = useApp((s) => s.connection);
  const loadError = useApp((s) => s.loadError);
  if (connection.status === 'reconnecting') {
    return (
      <div className="banner banner-warn" role="alert">
        Disconnected from the engine — reconnecting… (attempt {connection.attempt},{' '}
        {connection.reason}). If the headless host was restarted, open the new address it printed.
      </div>
    );
  }
  if (loadError) {
    return (
      <div className="banner banner-error" role="alert">
        Could not load the app state: {loadError}
      </div>
    );
  }
  return <ProfileBanners />;
}
