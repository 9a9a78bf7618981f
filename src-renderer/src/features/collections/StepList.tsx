// The open scenario's steps, readable: number, kind, name and what each calls or waits for, with a
// Run step button each (runner.start with `only`: that step alone).
import type { StepSummary } from './scenario-steps';

interface Props {
  steps: StepSummary[] | string;
  onRunStep(index: number): void;
}

export function StepList({ steps, onRunStep }: Props) {
  if (typeof steps === 'string') return <p className="quiet">{steps}</p>;
  return (
    <ol className="step-list" aria-label="Steps">
      {steps.map((s) => (
        <li key={s.index} aria-label={`Step ${s.index + 1}: ${s.name}`}>
          <span className="step-number quiet">{s.index + 1}</span>
          <span className={`step-kind kind-${s.kind}`}>{s.kind}</span>
          <span className="step-name">{s.name}</span>
          <span className="step-detail mono quiet">{s.detail}</span>
          {s.always ? <span className="tag">always</span> : null}
          <button
            type="button"
            className="step-run"
            aria-label={`Run step ${s.index + 1}`}
            onClick={() => onRunStep(s.index)}
          >
            Run step
          </button>
        </li>
      ))}
    </ol>
  );
}
