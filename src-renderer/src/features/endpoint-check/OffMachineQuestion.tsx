// The question before anything is sent to a URL off this machine, for the endpoint check and the
// load run alike: what the URL is, what would be sent, and two answers, the safe one focused (Enter
// does not send to another server by accident) and Escape answering no.
import type { ReactNode } from 'react';

interface OffMachineQuestionProps {
  url: string;
  /** The alert's accessible name: "Check a URL off this machine". */
  label: string;
  /** The yes button's verb: "Check" gives "Check example.com". */
  verb: string;
  /** What would be sent, after "<host> is not this machine." */
  children: ReactNode;
  answer(proceed: boolean): Promise<void>;
}

/** The URL's host (with its port), or the text itself when it is not a URL. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    // Not a URL: the engine refuses it in words once asked.
    return url;
  }
}

export function OffMachineQuestion({
  url,
  label,
  verb,
  children,
  answer,
}: OffMachineQuestionProps) {
  const host = hostOf(url);
  return (
    <div
      className="check-question"
      role="alert"
      aria-label={label}
      onKeyDown={(e) => {
        if (e.key === 'Escape') void answer(false);
      }}
    >
      <p>
        <strong>{host}</strong> is not this machine. {children}
      </p>
      <div className="row">
        <button type="button" className="primary" onClick={() => void answer(true)}>
          {verb} {host}
        </button>
        <button type="button" autoFocus onClick={() => void answer(false)}>
          Cancel
        </button>
      </div>
    </div>
  );
}
