// The RSA public key RSA-SHA256 deliveries are verified with: pasted as PEM, or the embedded
// sandbox's own key in one click. A public key is not a secret, so it is shown in full.
import { useState, type FormEvent } from 'react';
import { activeProfile } from '../header/app-store';
import { useInbound, useApp } from '../../stores/stores-context';
import { ProblemNote } from './SectionNotes';

export function KeySection() {
  const pem = useInbound((s) => s.settings?.rsaPublicKeyPem);
  const profileId = useInbound((s) => s.profileId);
  if (pem === undefined) return <p className="quiet">Reading the public key…</p>;
  return <KeyForm key={`${profileId} ${pem ?? ''}`} saved={pem} />;
}

function KeyForm({ saved }: { saved: string | null }) {
  const hasSandbox = useApp((s) => s.profiles?.profiles.some((p) => p.kind === 'sandbox'));
  const isSandboxProfile = useApp((s) => activeProfile(s)?.kind === 'sandbox');
  const setKey = useInbound((s) => s.setPublicKey);
  const adoptSandboxKey = useInbound((s) => s.useSandboxKey);
  const busy = useInbound((s) => s.busy.key);
  const error = useInbound((s) => s.errors.key);
  const [text, setText] = useState(saved ?? '');
  const [invalid, setInvalid] = useState<string | null>(null);
  const changed = text.trim() !== (saved ?? '').trim();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const value = text.trim();
    if (value && !/-----BEGIN (RSA )?PUBLIC KEY-----/.test(value)) {
      setInvalid(
        'That is not a PEM public key: paste the text from -----BEGIN PUBLIC KEY----- to -----END PUBLIC KEY-----.',
      );
      return;
    }
    setInvalid(null);
    void setKey(value ? `${value}\n` : null);
  };

  return (
    <form className="inbound-form" aria-label="RSA public key" onSubmit={onSubmit}>
      <label>
        Public key (PEM) for RSA-SHA256
        <textarea
          className="mono"
          rows={4}
          value={text}
          placeholder="-----BEGIN PUBLIC KEY-----"
          spellCheck={false}
          onChange={(e) => setText(e.target.value)}
        />
      </label>
      <div className="row">
        <button type="submit" disabled={!changed || !!busy}>
          {text.trim() ? 'Save key' : 'Forget key'}
        </button>
        {hasSandbox ? (
          <button type="button" disabled={!!busy} onClick={() => void adoptSandboxKey()}>
            Use the sandbox’s key
          </button>
        ) : null}
        <span className="quiet" role="status">
          {busy ?? keyWords(saved, changed, isSandboxProfile)}
        </span>
      </div>
      <ProblemNote problem={invalid ?? error} />
    </form>
  );
}

function keyWords(saved: string | null, changed: boolean, isSandboxProfile: boolean): string {
  if (saved) return changed ? 'Not saved yet' : 'Key set';
  // The sandbox profile fetches the sandbox's key by itself at its first RSA-SHA256 delivery.
  return isSandboxProfile
    ? 'No key yet: taken from the sandbox at its first RSA-SHA256 delivery'
    : 'No key: RSA-SHA256 deliveries cannot be verified';
}
