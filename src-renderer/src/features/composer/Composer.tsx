// The request composer. Its first request is the app token (client_credentials grant) for the
// active profile; the endpoint forms arrive with the endpoint catalog. Ctrl/Cmd+Enter anywhere in
// the composer sends, as in other API tools.
import type { KeyboardEvent } from 'react';
import { Pane } from '../../components/Pane';
import { activeProfile } from '../../stores/session-store';
import { useSession } from '../../stores/stores-context';
import { TokenResult } from './TokenResult';
import './composer.css';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

export function Composer() {
  const profile = useSession(activeProfile);
  const request = useSession((s) => s.tokenRequest);
  const getAppToken = useSession((s) => s.getAppToken);
  const running = request.status === 'running';

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      void getAppToken();
    }
  };

  return (
    <Pane title="Request composer" className="pane-composer" onKeyDown={onKeyDown}>
      <div className="request-line">
        <span className="method">POST</span>
        <code className="mono">{profile ? `${profile.baseUrl}/tp/token` : '…/tp/token'}</code>
      </div>
      <p className="hint">
        Client credentials grant: sends the profile&apos;s client id and secret
        {profile && !profile.hasClientSecret ? ' (this profile has no client secret yet)' : ''}. The
        token stays in the engine; the app shows a redacted preview.
      </p>
      <div className="actions">
        <button
          type="button"
          className="primary"
          onClick={() => void getAppToken()}
          disabled={running || !profile}
          aria-keyshortcuts={isMac ? 'Meta+Enter' : 'Control+Enter'}
        >
          {running ? 'Requesting app token…' : 'Get app token'}
        </button>
        <kbd className="quiet">{isMac ? '⌘' : 'Ctrl'}+Enter</kbd>
      </div>
      {request.status === 'failed' ? (
        <p className="error-text" role="alert">
          {request.message}
        </p>
      ) : null}
      <TokenResult />
    </Pane>
  );
}
