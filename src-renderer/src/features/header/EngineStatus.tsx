// "Engine: connected" or "disconnected", with a dot whose colour is never the only signal.
import { useApp } from '../../stores/stores-context';

export function EngineStatus() {
  const status = useApp((s) => s.connection.status);
  const word =
    status === 'connected' ? 'connected' : status === 'connecting' ? 'connecting…' : 'disconnected';
  return (
    <div className="header-item" role="status" aria-label="Engine">
      <span className="header-label">Engine</span>
      <span className={`dot dot-${status}`} aria-hidden="true" />
      <span className="header-value">{word}</span>
    </div>
  );
}
