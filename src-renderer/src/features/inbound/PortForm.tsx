// The receiver's port for the next start: the Electron app has no command line, so this is where
// a person whose 5875 is taken (or firewalled) picks another. The headless host's --inbound-port
// wins over it, and the form says so.
import { useState, type FormEvent } from 'react';
import type { InboundStatus } from '../../../../src-shared/contract';
import { useInbound } from '../../stores/stores-context';
import { ProblemNote } from './SectionNotes';

const portOf = (url: string) => Number(new URL(url).port);

export function PortForm({ status }: { status: InboundStatus }) {
  const save = useInbound((s) => s.setPort);
  const busy = useInbound((s) => s.busy.port);
  const error = useInbound((s) => s.errors.port);
  const saved = status.savedPort;
  const [text, setText] = useState(saved === null ? '' : String(saved));
  const [invalid, setInvalid] = useState<string | null>(null);
  const actual = portOf(status.baseUrl);
  const changed = text.trim() !== (saved === null ? '' : String(saved));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const value = text.trim();
    const n = Number(value);
    if (value !== '' && !(Number.isInteger(n) && n >= 0 && n <= 65535)) {
      setInvalid(
        'The port is a whole number from 0 to 65535 (0: any free one), or empty for 5875.',
      );
      return;
    }
    setInvalid(null);
    void save(value === '' ? null : n);
  };

  return (
    <>
      {status.wantedPort !== 0 && status.wantedPort !== actual ? (
        <p className="hint small-text">
          Port {status.wantedPort} was taken, so the receiver listens on {actual}: register the
          delivery URL above, or free the port and restart.
        </p>
      ) : null}
      <form className="inbound-form inline" aria-label="Receiver port" onSubmit={onSubmit}>
        <label>
          Port at next start
          <input
            className="mono narrow"
            inputMode="numeric"
            placeholder="5875"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </label>
        <button type="submit" disabled={!changed || !!busy}>
          Save port
        </button>
        <span className="quiet small-text" role="status">
          {busy ??
            (status.fromHost
              ? 'This run’s port comes from --inbound-port, which wins over a saved one.'
              : saved !== null && saved !== actual && !changed
                ? 'Saved: applies at the next start.'
                : '')}
        </span>
        <ProblemNote problem={invalid ?? error} />
      </form>
    </>
  );
}
