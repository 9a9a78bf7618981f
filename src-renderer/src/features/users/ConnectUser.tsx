// Connecting a user: the profile's registered scopes as checkboxes (nothing else can be granted),
// "Connect user", then the flow as it goes: the authorize URL (opened in a new browser tab, or the
// system browser under Electron; shown with its state cut short), a countdown to its timeout,
// Cancel, and the fallback of pasting the URL the browser landed on. A refusal
// (error/error_description) is shown in words.
import { useId, useState } from 'react';
import type { ConnectFlow } from '../../../../src-shared/contract';
import { useAuth } from '../../stores/stores-context';
import { useNow } from '../../components/use-now';
import { remaining } from './countdown';

/** Opens the consent page in a new tab; under Electron the window-open handler sends it to the
 *  system browser. noopener: the platform's page gets no handle on this window. */
export function openConsentPage(url: string) {
  window.open(url, '_blank', 'noopener');
}

/** Keyed by profile and its scopes by its parent: a change there starts the choice over. */
export function ConnectUser({ registered }: { registered: string[] }) {
  const connect = useAuth((s) => s.connect);
  const starting = useAuth((s) => s.starting);
  const flow = useAuth((s) => s.flow);
  const [chosen, setChosen] = useState<string[]>(registered);
  const groupId = useId();
  // A flow an otp started at the public directory URL does not hold the button: the person's
  // connection replaces it.
  const personInFlight =
    flow?.startedBy === 'person' && (flow.status === 'waiting' || flow.status === 'exchanging');

  const start = async () => {
    const started = await connect(chosen);
    if (started) openConsentPage(started.consentUrl);
  };

  return (
    <div className="connect-user">
      <fieldset className="scope-picker" aria-describedby={`${groupId}-hint`}>
        <legend>Scopes to request</legend>
        {registered.length === 0 ? (
          <p className="quiet">
            The profile has no registered scopes. Add them in Profiles… before connecting a user.
          </p>
        ) : (
          registered.map((scope) => (
            <label key={scope} className="check">
              <input
                type="checkbox"
                checked={chosen.includes(scope)}
                onChange={(e) =>
                  setChosen((c) =>
                    e.target.checked ? [...c, scope] : c.filter((x) => x !== scope),
                  )
                }
              />
              <code>{scope}</code>
            </label>
          ))
        )}
        <span id={`${groupId}-hint`} className="field-hint">
          Only the scopes registered for the app are offered: the platform grants no others.
        </span>
      </fieldset>
      <div className="row">
        <button
          type="button"
          className="primary"
          disabled={starting || personInFlight || chosen.length === 0}
          onClick={() => void start()}
        >
          {starting ? 'Starting the connection…' : 'Connect user'}
        </button>
        {chosen.length === 0 && registered.length > 0 ? (
          <span className="quiet">Pick at least one scope.</span>
        ) : null}
      </div>
      {flow ? <FlowStatus flow={flow} /> : null}
    </div>
  );
}

function FlowStatus({ flow }: { flow: ConnectFlow }) {
  const cancel = useAuth((s) => s.cancelConnect);
  const complete = useAuth((s) => s.completeConnect);
  const [pasted, setPasted] = useState('');
  const [pasting, setPasting] = useState(false);
  const now = useNow();
  const pasteId = useId();
  const connectedName = useAuth(
    (s) => s.users.find((u) => u.userId === flow.userId)?.displayName ?? flow.userId,
  );
  const consentUrl = useAuth((s) => (s.consent?.flowId === flow.id ? s.consent.url : null));
  const left = remaining(flow.expiresAt, now);
  const waiting = flow.status === 'waiting';

  const words: Record<ConnectFlow['status'], string> = {
    waiting: flow.viaOtp
      ? 'Waiting for the platform to send the browser back with the one-time password…'
      : 'Waiting for the consent page in your browser…',
    exchanging:
      flow.startedBy === 'directory'
        ? 'Connecting the user of a one-time password from the directory URL… Connect user replaces this.'
        : 'Exchanging the authorization code for tokens…',
    connected: `Connected ${connectedName ?? 'the user'}.`,
    failed: `Not connected: ${flow.error ?? 'the connection failed.'}`,
    cancelled: 'The connection was cancelled.',
    timed_out: `The connection timed out: ${flow.error ?? 'nobody came back from the browser.'} Start it again.`,
  };
  const failed = flow.status === 'failed' || flow.status === 'timed_out';

  return (
    <section className="flow" aria-label="Connection">
      <p className={failed ? 'error-text' : undefined} role={failed ? 'alert' : 'status'}>
        {words[flow.status]}
        {waiting && left ? <span className="quiet"> Times out in {left}.</span> : null}
      </p>
      {waiting || flow.status === 'exchanging' ? (
        <>
          <div className="authorize-url">
            <span className="quiet">Authorize URL</span>
            <code className="mono">{flow.authorizeUrl}</code>
          </div>
          <div className="row">
            {waiting && !flow.viaOtp && consentUrl ? (
              <a href={consentUrl} target="_blank" rel="noopener noreferrer">
                Open the consent page again
              </a>
            ) : null}
            <button type="button" onClick={() => void cancel()}>
              Cancel
            </button>
          </div>
          {waiting ? (
            <form
              className="paste-field"
              onSubmit={(e) => {
                e.preventDefault();
                if (!pasted.trim()) return;
                setPasting(true);
                void complete(pasted.trim()).then((ok) => {
                  setPasting(false);
                  if (ok) setPasted('');
                });
              }}
            >
              <label htmlFor={pasteId}>Paste the redirect URL</label>
              <span className="field-hint">
                If the browser could not reach TP Inspector after you approved, copy the address it
                shows (it starts with {flow.redirectUri}) and paste it here.
              </span>
              <div className="row">
                <input
                  id={pasteId}
                  className="mono"
                  spellCheck={false}
                  value={pasted}
                  onChange={(e) => setPasted(e.target.value)}
                />
                <button type="submit" disabled={pasting || !pasted.trim()}>
                  {pasting ? 'Exchanging the code…' : 'Use this URL'}
                </button>
              </div>
            </form>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
