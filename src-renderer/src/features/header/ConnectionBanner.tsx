// A bar under the header while the engine is unreachable, saying so and that it is being retried:
// every control still renders, but calls wait for the link or fail with this reason.
import { useApp } from '../../stores/stores-context';
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
  return null;
}
