// The way in from the internet: a localtunnel TP Inspector runs (server host, optional subdomain),
// or the person's own public URL (ngrok, cloudflared), health-checked the same way; its state is
// always shown; and one click points the sandbox app at the public URL. A note says, calmly, that
// the localtunnel's last leg is not encrypted and what to do about it (docs/tunnel.md).
import { useState, type FormEvent } from 'react';
import type { TunnelStatus } from '../../../../src-shared/contract';
import { useInbound, useApp } from '../../stores/stores-context';
import { BusyNote, ProblemNote } from './SectionNotes';
import { TunnelState } from './TunnelState';

const SUBDOMAIN = /^[a-z0-9][a-z0-9-]{2,61}[a-z0-9]$/;

export function TunnelSection() {
  const tunnel = useInbound((s) => s.tunnel);
  if (!tunnel) return <TunnelState />;
  return (
    <>
      <TunnelState />
      {/* Fresh fields whenever the saved settings change (a start saves them). */}
      <TunnelForms key={JSON.stringify(tunnel.settings)} tunnel={tunnel} />
      <PushToSandbox tunnel={tunnel} />
    </>
  );
}

function TunnelForms({ tunnel }: { tunnel: TunnelStatus }) {
  const busy = useInbound((s) => s.busy.tunnel);
  const error = useInbound((s) => s.errors.tunnel);
  const start = useInbound((s) => s.startTunnel);
  const adoptOwnUrl = useInbound((s) => s.useOwnUrl);
  const stop = useInbound((s) => s.stopTunnel);
  const [host, setHost] = useState(tunnel.settings.host);
  const [subdomain, setSubdomain] = useState(tunnel.settings.subdomain);
  const [ownUrl, setOwnUrl] = useState(tunnel.settings.ownUrl);
  const [invalid, setInvalid] = useState<string | null>(null);
  const running = tunnel.state !== 'idle';

  const onStart = (e: FormEvent) => {
    e.preventDefault();
    const sub = subdomain.trim();
    if (sub && !SUBDOMAIN.test(sub)) {
      setInvalid(
        'A subdomain is 4 to 63 lower-case letters, digits or -, or empty for a random one.',
      );
      return;
    }
    if (!/^https?:\/\/\S+$/.test(host.trim())) {
      setInvalid('The server host is an http(s) URL, e.g. https://localtunnel.me.');
      return;
    }
    setInvalid(null);
    void start({ host: host.trim(), subdomain: sub });
  };
  const onOwn = (e: FormEvent) => {
    e.preventDefault();
    if (!/^https?:\/\/\S+$/.test(ownUrl.trim())) {
      setInvalid('Your public URL is an http(s) URL, e.g. https://abc123.ngrok-free.app.');
      return;
    }
    setInvalid(null);
    void adoptOwnUrl(ownUrl.trim());
  };

  return (
    <>
      <form className="inbound-form" aria-label="Localtunnel" onSubmit={onStart}>
        <label>
          Server host
          <input className="mono" value={host} onChange={(e) => setHost(e.target.value)} />
        </label>
        <label>
          <span>
            Subdomain <span className="quiet">(optional, else random)</span>
          </span>
          <input
            className="mono"
            value={subdomain}
            placeholder="(random)"
            onChange={(e) => setSubdomain(e.target.value)}
          />
        </label>
        <div className="row">
          <button type="submit" className="primary" disabled={!!busy}>
            {running && tunnel.mode === 'localtunnel' ? 'Restart tunnel' : 'Start tunnel'}
          </button>
          <button type="button" disabled={!running || !!busy} onClick={() => void stop()}>
            Stop
          </button>
        </div>
        <UnencryptedLegNote />
      </form>
      <form className="inbound-form" aria-label="Own public URL" onSubmit={onOwn}>
        <label>
          <span>
            Own public URL <span className="quiet">(ngrok, cloudflared… to {tunnel.localUrl})</span>
          </span>
          <input
            className="mono"
            value={ownUrl}
            placeholder="https://…"
            onChange={(e) => setOwnUrl(e.target.value)}
          />
        </label>
        <div className="row">
          <button type="submit" disabled={!!busy}>
            Use my own public URL
          </button>
        </div>
      </form>
      <BusyNote busy={busy} />
      <ProblemNote problem={invalid ?? error} />
    </>
  );
}

// The tunnel server relays each request to this app over plain TCP, whatever the public URL's
// scheme: whoever sits on that path can read or alter deliveries. Signatures still prove them.
function UnencryptedLegNote() {
  return (
    <p className="hint small-text" role="note" aria-label="Tunnel encryption">
      Between the tunnel server and this app, requests travel unencrypted, even when the public URL
      is https. Deliveries stay signed: to refuse any whose signature is not valid, tick “Answer 401
      to deliveries whose signature is not valid” under Response. Or run your own TLS tunnel (ngrok,
      cloudflared) and use it as your own public URL.
    </p>
  );
}

function PushToSandbox({ tunnel }: { tunnel: TunnelStatus }) {
  const hasSandbox = useApp((s) => s.profiles?.profiles.some((p) => p.kind === 'sandbox'));
  const busy = useInbound((s) => s.busy.push);
  const error = useInbound((s) => s.errors.push);
  const pushed = useInbound((s) => s.pushed);
  const push = useInbound((s) => s.pushToSandbox);
  if (!hasSandbox) return null;
  const up = tunnel.state === 'up';
  // Only while pushed: a stop points the sandbox back at the receiver (and clears pushedUrl).
  const outcome = tunnel.pushedUrl
    ? (pushed ?? `The sandbox app delivers through ${tunnel.pushedUrl}.`)
    : null;
  return (
    <div className="push">
      <div className="row">
        <button
          type="button"
          disabled={!up || !!busy}
          title={up ? undefined : 'The tunnel must be up first'}
          onClick={() => void push()}
        >
          Push to sandbox
        </button>
        <span className="hint small-text">
          {up
            ? 'Points the sandbox app’s endpoint, management and directory URLs at the public URL.'
            : 'Available once the tunnel is up.'}
        </span>
      </div>
      <BusyNote busy={busy} />
      <ProblemNote problem={error && `Push to sandbox failed: ${error}`} />
      {!busy && !error && outcome ? (
        <p className="inb-ok" role="status" aria-label="Push outcome">
          {outcome}
        </p>
      ) : null}
    </div>
  );
}
