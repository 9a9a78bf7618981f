// The active profile's app token as the header shows it: none, valid until HH:MM:SS (with the
// redacted preview the engine gave), expired, or the last error in words.
import { clockTime } from '../../format';
import { useApp } from '../../stores/stores-context';
import { useNow } from '../../components/use-now';

export function AppTokenStatus() {
  const status = useApp((s) => {
    const id = s.profiles?.activeProfileId;
    return id ? s.auth[id] : undefined;
  });
  const now = useNow();
  const token = status?.appToken ?? null;

  let body;
  if (status?.lastError) {
    // The header has room for the start of it; the whole text is in the tooltip and, after a
    // click on "Get app token", by the button.
    body = (
      <span className="header-value text-error" title={status.lastError}>
        error: {status.lastError}
      </span>
    );
  } else if (!token) {
    body = <span className="header-value quiet">none</span>;
  } else {
    const expired = token.expiresAt !== null && Date.parse(token.expiresAt) <= now;
    body = (
      <>
        <span
          className={`dot ${expired ? 'dot-reconnecting' : 'dot-connected'}`}
          aria-hidden="true"
        />
        <code
          className="header-value token-preview"
          title={`${token.tokenType}, scope: ${token.scope}`}
        >
          {token.preview}
        </code>
        <span className="header-value quiet">
          {token.expiresAt === null
            ? 'no expiry given'
            : `${expired ? 'expired at' : 'valid until'} ${clockTime(token.expiresAt)}`}
        </span>
      </>
    );
  }
  return (
    <div className="header-item header-token" role="status" aria-label="App token">
      <span className="header-label">App token</span>
      {body}
    </div>
  );
}
