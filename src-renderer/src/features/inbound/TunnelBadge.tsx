// A compact tunnel state for the header (owned by the header): a dot and a few words, with the
// full sentence as its tooltip and accessible description. Reads the same store as the Inbound tab.
import { useInbound } from '../../stores/stores-context';
import { tunnelWords } from './tunnel-words';
import { useNow } from '../../components/use-now';
import './inbound.css';

export function TunnelBadge() {
  const tunnel = useInbound((s) => s.tunnel);
  const since = useInbound((s) => s.tunnelSince);
  const now = useNow({ active: tunnel?.state === 'reconnecting' });
  const words = tunnelWords(tunnel, since, now);
  return (
    <span
      className={`tunnel-badge tone-${words.tone}`}
      role="status"
      aria-label="Tunnel"
      title={words.long}
    >
      <span className="dot" aria-hidden="true" />
      {words.short}
    </span>
  );
}
