// Bars under the header about where the app talks: the active profile's base URL that does not
// answer (a copy of the sandbox profile made before the sandbox moved, a platform that is down),
// with what to do; and the embedded sandbox on another port than last time, because its port was
// taken, which is why such a copy stops answering.
import { useState } from 'react';
import { useApp } from '../../stores/stores-context';
import './header.css';

export function ProfileBanners() {
  const reachability = useApp((s) => s.reachability);
  const info = useApp((s) => s.info);
  const [portNoticeSeen, setPortNoticeSeen] = useState(false);
  const taken = info?.sandboxPortTaken ?? null;
  return (
    <>
      {reachability && !reachability.answers ? (
        <div className="banner banner-error" role="alert" aria-label="Profile does not answer">
          {reachability.message}
        </div>
      ) : null}
      {taken !== null && info?.sandboxUrl && !portNoticeSeen ? (
        <div className="banner banner-warn" role="status" aria-label="Sandbox port">
          The sandbox&apos;s port {taken} was taken, so it listens on {info.sandboxUrl} this time: a
          copied sandbox profile with port {taken} does not answer until the sandbox is back there.{' '}
          <button type="button" className="link" onClick={() => setPortNoticeSeen(true)}>
            Dismiss
          </button>
        </div>
      ) : null}
    </>
  );
}
