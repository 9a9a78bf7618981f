// The sandbox app's client secret, which a developer needs to check the signatures in a handler of
// their own: hidden until Show, copied by Copy. It is asked of the engine at each use
// (profiles.revealSecret, the sandbox's profile only) and held by this field alone while shown,
// never by a store, so nothing else in the window (or a screenshot at rest) has it.
import { useState } from 'react';
import { useSimulator } from '../../stores/stores-context';
import { MOD_KEY } from '../../components/keys';

export function ClientSecretField() {
  const reveal = useSimulator((s) => s.revealSecret);
  const [shown, setShown] = useState<string | null>(null);
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);

  const show = async () => {
    const out = await reveal();
    if ('secret' in out) {
      setShown(out.secret);
      setSaid(null);
    } else setSaid({ ok: false, text: out.error });
  };
  const copy = async () => {
    const out = await reveal();
    if (!('secret' in out)) return setSaid({ ok: false, text: out.error });
    try {
      await navigator.clipboard.writeText(out.secret);
      setSaid({ ok: true, text: 'Copied to the clipboard.' });
    } catch {
      setSaid({
        ok: false,
        text: `The clipboard refused: Show the secret, select it and press ${MOD_KEY}+C.`,
      });
    }
  };

  return (
    <div className="sim-field sim-secret" role="group" aria-label="Client secret">
      <span>Client secret</span>
      <div className="sim-secret-row">
        <code className="mono" aria-label={shown ? 'Client secret value' : 'Client secret, hidden'}>
          {shown ?? '••••••••••••'}
        </code>
        {shown ? (
          <button type="button" onClick={() => setShown(null)}>
            Hide
          </button>
        ) : (
          <button type="button" onClick={() => void show()}>
            Show
          </button>
        )}
        <button type="button" onClick={() => void copy()}>
          Copy
        </button>
      </div>
      {said ? (
        // Live but not a status: the section's status is its last action's outcome.
        <span className={said.ok ? 'quiet sim-small' : 'param-error'} aria-live="polite">
          {said.text}
        </span>
      ) : null}
      <span className="quiet sim-small">
        The sandbox&apos;s own test secret (valid against this sandbox only): sign or check
        deliveries with it in a handler of your own. It is never written to the event log or an
        export.
      </span>
    </div>
  );
}
