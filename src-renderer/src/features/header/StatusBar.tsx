// Facts about the engine a person may need when reporting a problem: version, where data lives,
// and how secrets are kept (sealed by the OS keyring, or memory only and why).
import { useApp } from '../../stores/stores-context';
import './header.css';

export function StatusBar() {
  const info = useApp((s) => s.info);
  if (!info) return <footer className="status-bar" />;
  return (
    <footer className="status-bar">
      <span>TP Inspector {info.version}</span>
      <span className="mono" title="Data directory">
        {info.dataDir}
      </span>
      <span title={info.secretStorage.explanation}>
        Secrets:{' '}
        {
          {
            sealed: 'sealed by the OS keyring',
            'plain-file': 'unencrypted in a file only you can read',
            memory: 'kept in memory only',
          }[info.secretStorage.mode]
        }
      </span>
    </footer>
  );
}
