// One part of the Simulator tab: a heading that folds it (a button, so the keyboard reaches it),
// and under the controls the part's current action or last outcome in words, with the number of
// the Event log record that keeps it (a link that opens the record in the Event log).
import { useId, useState, type ReactNode } from 'react';
import { useSimulator } from '../../stores/stores-context';
import type { SimSection } from './simulator-store';
import { JumpTo } from '../event-log/JumpTo';

interface Props {
  id: SimSection;
  title: string;
  note?: string;
  openAtStart?: boolean;
  children: ReactNode;
}

export function Section({ id, title, note, openAtStart = true, children }: Props) {
  const [open, setOpen] = useState(openAtStart);
  const bodyId = useId();
  return (
    <section aria-label={title} className="pane-section">
      <h3>
        <FoldButton open={open} controls={bodyId} onToggle={() => setOpen(!open)}>
          {title}
        </FoldButton>
        {note ? <span className="quiet sim-note"> · {note}</span> : null}
      </h3>
      <div id={bodyId} hidden={!open} className="sim-section-body">
        {children}
        <Outcome section={id} />
      </div>
    </section>
  );
}

interface FoldProps {
  open: boolean;
  /** The id of what it folds. */
  controls: string;
  onToggle(): void;
  children: ReactNode;
}

/** The heading's button that folds a part open or shut (a section, a user's entry). */
export function FoldButton({ open, controls, onToggle, children }: FoldProps) {
  return (
    <button
      type="button"
      className="sim-fold"
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
    >
      <span aria-hidden="true">{open ? '▾' : '▸'}</span> {children}
    </button>
  );
}

/** The section's action in flight, or its last outcome: status when it went well, alert if not. */
function Outcome({ section }: { section: SimSection }) {
  const busy = useSimulator((s) => s.busy[section]);
  const outcome = useSimulator((s) => s.outcomes[section]);
  if (busy) {
    return (
      <p role="status" className="sim-outcome quiet">
        {busy}
      </p>
    );
  }
  if (!outcome) return null;
  return outcome.ok ? (
    <p role="status" className="sim-outcome sim-ok">
      {outcome.text}
      {outcome.seq !== undefined ? (
        <span className="quiet">
          {' '}
          <JumpTo seq={outcome.seq}>Event log #{outcome.seq}</JumpTo>.
        </span>
      ) : null}
    </p>
  ) : (
    <p role="alert" className="sim-outcome error-text">
      {outcome.text}
    </p>
  );
}
