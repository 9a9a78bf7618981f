// What a section of the Inbound tab says beside its form: what it is doing now (a status line a
// screen reader hears) and the one problem to fix (an alert). Nothing when there is nothing to say.

export function BusyNote({ busy }: { busy: string | null | undefined }) {
  return busy ? (
    <p className="quiet" role="status">
      {busy}
    </p>
  ) : null;
}

/** The form's own refusal comes first, then the engine's: `problem={invalid ?? error}`. */
export function ProblemNote({ problem }: { problem: string | null | undefined }) {
  return problem ? (
    <p className="error-text" role="alert">
      {problem}
    </p>
  ) : null;
}
