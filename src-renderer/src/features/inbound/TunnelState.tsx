// The tunnel's state as one always-visible line (a live region, so a screen reader hears it change)
// and the last health check under it.
import type { TunnelStatus } from '../../../../src-shared/contract';
import { useInbound } from '../../stores/stores-context';
import { tunnelWords } from './tunnel-words';
import { useNow } from '../../components/use-now';
import { clockTime as time } from '../../format';

export function TunnelState() {
  const tunnel = useInbound((s) => s.tunnel);
  const since = useInbound((s) => s.tunnelSince);
  const now = useNow({ active: tunnel?.state === 'reconnecting' });
  const words = tunnelWords(tunnel, since, now);
  return (
    <div className="tunnel-state">
      <p role="status" aria-label="Tunnel state" className={`tunnel-line tone-${words.tone}`}>
        <span className="dot" aria-hidden="true" />
        <span>{words.long}</span>
      </p>
      {tunnel ? <LastCheck tunnel={tunnel} /> : null}
    </div>
  );
}

function LastCheck({ tunnel }: { tunnel: TunnelStatus }) {
  const c = tunnel.lastCheck;
  if (!c) return null;
  return (
    <p className="hint small-text">
      Last health check {time(c.at)}: {c.ok ? 'passed' : 'failed'} ({c.detail})
    </p>
  );
}
