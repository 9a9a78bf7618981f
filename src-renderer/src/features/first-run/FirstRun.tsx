// The four steps that show what the tool does, offered in the Event log until they are done or
// dismissed: each a button that does it, ticked once the state says it is done (however it was
// done). The buttons need the embedded sandbox; another profile gets the same steps in words.
import { useEffect, useId } from 'react';
import { activeProfile } from '../header/app-store';
import { useApp, useAuth, useFirstRun, useLog } from '../../stores/stores-context';
import {
  FIRST_CONTACT,
  FIRST_USER,
  isVerifiedDelivery,
  type FirstRunStep,
} from './first-run-store';
import './first-run.css';

interface StepSpec {
  step: FirstRunStep;
  action: string;
  what: string;
}

const STEPS: StepSpec[] = [
  {
    step: 'token',
    action: 'Get the app token',
    what: 'The app asks the platform for its token (client_credentials).',
  },
  {
    step: 'user',
    action: 'Connect a sandbox user',
    what: `A sandbox user not connected yet (or a new one, ${FIRST_USER.name} ${FIRST_USER.surname}) opens the app's directory URL with an otp and is connected.`,
  },
  {
    step: 'message',
    action: 'Send a message',
    what: `The user writes to the app's contact (${FIRST_CONTACT.displayName}, added if needed).`,
  },
  {
    step: 'delivery',
    action: 'See the delivery',
    what: 'The platform delivers it to the app, signed: open it here, verified.',
  },
];

export function FirstRun() {
  const headingId = useId();
  const closed = useFirstRun((s) => s.closed);
  const known = useFirstRun((s) => s.known);
  const busy = useFirstRun((s) => s.busy);
  const error = useFirstRun((s) => s.error);
  const run = useFirstRun((s) => s.run);
  const close = useFirstRun((s) => s.close);
  const profile = useApp(activeProfile);
  const done: Record<FirstRunStep, boolean> = {
    token: useApp((s) => (profile ? !!s.auth[profile.id]?.appToken : false)),
    user: useAuth((s) => s.users.length > 0),
    message: useFirstRun((s) => s.messageSent),
    delivery: useLog((s) => isVerifiedDelivery(s.selected)),
  };
  const allDone = Object.values(done).every(Boolean);

  useEffect(() => {
    if (allDone && !closed) close();
  }, [allDone, closed, close]);

  if (closed || !known || allDone || !profile) return null;
  const sandbox = profile.kind === 'sandbox';

  return (
    <section className="first-run" aria-labelledby={headingId}>
      <div className="first-run-head">
        <h3 id={headingId}>First steps: what this tool does</h3>
        <button type="button" onClick={close}>
          Dismiss
        </button>
      </div>
      {sandbox ? (
        <ol className="first-run-steps">
          {STEPS.map((s, i) => (
            <li key={s.step} className={done[s.step] ? 'done' : undefined}>
              <span className="first-run-mark" aria-hidden="true">
                {done[s.step] ? '✓' : i + 1}
              </span>
              <button
                type="button"
                disabled={busy !== null}
                aria-describedby={`${headingId}-${s.step}`}
                onClick={() => void run(s.step)}
              >
                {busy === s.step ? `${s.action}…` : s.action}
              </button>
              <span className="quiet" id={`${headingId}-${s.step}`}>
                <span className="visually-hidden">{done[s.step] ? 'Done. ' : 'To do. '}</span>
                {s.what}
              </span>
              {error?.step === s.step ? (
                <p className="error-text first-run-error" role="alert">
                  {error.text}
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      ) : (
        <p className="quiet">
          The buttons need the embedded sandbox: choose the sandbox profile in the header to try
          them. With {profile.name}: get the app token in the header, connect a user from the Users
          tab, add a contact with <code>interactive</code> in the Contacts tab and write to it from
          the platform's client; the delivery arrives here, and selecting it shows its signature
          verified.
        </p>
      )}
    </section>
  );
}
