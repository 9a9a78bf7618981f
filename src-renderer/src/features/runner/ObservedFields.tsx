// Check this: the fields a request step's answer or an expect-delivery step's data held in this
// run, each with a button that adds a check of that value to the step in its scenario file (and
// saves it), then says which step it went to. The step is known here, after a run: no guessing
// which scenario or step a value belongs to.
import { useState } from 'react';
import type { ObservedField, StepView } from '../../../../src-shared/contract';
import { useRunner } from '../../stores/stores-context';

interface Props {
  path: string;
  step: StepView;
}

const valueText = (value: ObservedField['value']) =>
  typeof value === 'string' ? JSON.stringify(value) : String(value);

export function ObservedFields({ path, step }: Props) {
  const addCheck = useRunner((s) => s.addCheck);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [pending, setPending] = useState(false);
  const observed = step.observed;
  if (!observed || observed.fields.length === 0) return null;
  const what = observed.source === 'body' ? 'The answer' : "The delivery's data";
  const check = async (field: ObservedField) => {
    setPending(true);
    setOutcome(await addCheck(path, step, field));
    setPending(false);
  };
  return (
    <section className="run-observed" aria-label={`${what} of step ${step.index + 1}`}>
      <p className="quiet">
        {what} in this run. Check this adds a check of the value to the step in {path}.
      </p>
      <ul className="run-observed-fields mono">
        {observed.fields.map((field) => (
          <li key={field.path}>
            <span className="run-observed-path">{field.path}</span>
            <span className="run-observed-value">{valueText(field.value)}</span>
            <button
              type="button"
              className="run-step-action"
              disabled={pending}
              aria-label={`Check this: ${field.path} = ${valueText(field.value)}`}
              onClick={() => void check(field)}
            >
              Check this
            </button>
          </li>
        ))}
      </ul>
      {outcome ? (
        <p className={outcome.ok ? 'quiet' : 'error-text'} role={outcome.ok ? 'status' : 'alert'}>
          {outcome.text}
        </p>
      ) : null}
    </section>
  );
}
