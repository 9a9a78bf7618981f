// Where secrets live, in plain words, when there is no OS keyring: in memory only (gone at the
// next start), or, if the person opts in after a confirmation saying what it means, in an
// unencrypted file only their account can read. Nothing is shown when the keyring seals them.
import { useState } from 'react';
import { useApp } from '../../stores/stores-context';

export function SecretsNotice() {
  const info = useApp((s) => s.info);
  const setAllow = useApp((s) => s.setAllowPlainFile);
  const error = useApp((s) => s.secretStorageError);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!info || info.secretStorage.mode === 'sealed') return null;
  const { mode, explanation } = info.secretStorage;

  const choose = async (allow: boolean) => {
    setBusy(true);
    await setAllow(allow);
    setBusy(false);
    setConfirming(false);
  };

  return (
    <section className="notice secrets-notice" aria-label="Secret storage">
      <p>
        <strong>
          {mode === 'memory'
            ? 'Secrets are kept in memory only.'
            : 'Secrets are stored unencrypted in a file readable only by you.'}
        </strong>{' '}
        {/* The engine's words: why (no OS keyring) and what follows (a restart forgets them). */}
        {explanation}
      </p>
      {confirming ? (
        <div className="confirm" role="group" aria-label="Confirm storing secrets in a file">
          <p>
            Client secrets, access tokens and refresh tokens will be written{' '}
            <strong>without encryption</strong> to a file in {info.dataDir}, readable only by your
            user account. Anyone who can use your account, or read a copy of that folder (a backup),
            can use them to act as your app and its connected users.
          </p>
          <div className="row">
            <button
              type="button"
              className="danger"
              disabled={busy}
              onClick={() => void choose(true)}
            >
              Store secrets unencrypted
            </button>
            <button type="button" disabled={busy} onClick={() => setConfirming(false)} autoFocus>
              Keep them in memory
            </button>
          </div>
        </div>
      ) : mode === 'memory' ? (
        <button type="button" onClick={() => setConfirming(true)}>
          Store secrets in a file…
        </button>
      ) : (
        <button type="button" disabled={busy} onClick={() => void choose(false)}>
          Keep secrets in memory only (delete the file)
        </button>
      )}
      {error ? (
        <p className="error-text" role="alert">
          The secret storage was not changed: {error}
        </p>
      ) : null}
    </section>
  );
}
