// The Scenario view's Add step: a form for the chosen step kind, with a field for each of its keys
// (choices where the values are a fixed set), that adds the step to the editor's YAML through the
// engine (collections.addStep), at the end or after a chosen step. The YAML stays the source: the
// step shows in the editor as added lines, unsaved until Save.
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { StepKind } from '../../../../src-shared/collections/format';
import { useScenario } from '../../stores/stores-context';
import type { StepSummary } from './scenario-steps';
import {
  CAPTURE_FROM_KEY,
  CAPTURE_NAME_KEY,
  fieldsOf,
  FORM_KINDS,
  STEP_KIND_WORDS,
  stepFromForm,
  type StepField,
} from './step-form-fields';

interface Props {
  /** The steps as the editor's text has them now, for "after step N". */
  steps: StepSummary[];
  onClose(): void;
}

const AT_END = 'end';

export function AddStepForm({ steps, onClose }: Props) {
  const addStep = useScenario((s) => s.addStep);
  const [kind, setKind] = useState<StepKind>('request');
  const [name, setName] = useState('');
  const [values, setValues] = useState<Record<string, string>>({});
  const [after, setAfter] = useState(AT_END);
  const [error, setError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const id = useId();
  const set = (key: string, value: string) => setValues((v) => ({ ...v, [key]: value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setAdding(true);
    const step = stepFromForm(kind, name, values);
    const failed = await addStep(step, after === AT_END ? undefined : Number(after));
    setAdding(false);
    setError(failed);
    if (!failed) onClose();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    e.stopPropagation();
    onClose();
  };

  return (
    <form
      className="add-step-form"
      aria-label="Add a step"
      onSubmit={(e) => void submit(e)}
      onKeyDown={onKeyDown}
    >
      <div className="add-step-grid">
        <label htmlFor={`${id}-kind`}>Step kind</label>
        <select
          id={`${id}-kind`}
          value={kind}
          // The form was opened to be filled in: the first choice takes the focus.
          autoFocus
          onChange={(e) => {
            setKind(e.target.value as StepKind);
            setValues({});
            setError(null);
          }}
        >
          {FORM_KINDS.map((k) => (
            <option key={k} value={k}>
              {STEP_KIND_WORDS[k]}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-name`}>Step name</label>
        <input
          id={`${id}-name`}
          value={name}
          placeholder="optional: what the step is for"
          onChange={(e) => setName(e.target.value)}
        />
        {fieldsOf(kind, values).map((field) => (
          <FieldInput
            key={`${kind}:${field.key}`}
            id={`${id}-${field.key}`}
            field={field}
            value={values[field.key] ?? ''}
            onChange={(v) => set(field.key, v)}
          />
        ))}
        <label htmlFor={`${id}-capture`}>Capture as</label>
        <div className="add-step-capture">
          <input
            id={`${id}-capture`}
            className="mono"
            value={values[CAPTURE_NAME_KEY] ?? ''}
            placeholder="ada"
            onChange={(e) => set(CAPTURE_NAME_KEY, e.target.value)}
          />
          <label htmlFor={`${id}-from`}>from</label>
          <input
            id={`${id}-from`}
            className="mono"
            value={values[CAPTURE_FROM_KEY] ?? ''}
            placeholder="user_id"
            onChange={(e) => set(CAPTURE_FROM_KEY, e.target.value)}
          />
        </div>
        <label htmlFor={`${id}-after`}>Add it</label>
        <select id={`${id}-after`} value={after} onChange={(e) => setAfter(e.target.value)}>
          <option value={AT_END}>at the end</option>
          {steps.map((s) => (
            <option key={s.index} value={String(s.index)}>
              after step {s.index + 1}: {s.name}
            </option>
          ))}
        </select>
      </div>
      {error ? (
        <p className="error-text" role="alert">
          {error}
        </p>
      ) : null}
      <div className="actions">
        <button type="submit" className="primary" disabled={adding}>
          {adding ? 'Adding…' : 'Add the step'}
        </button>
        <button type="button" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function FieldInput(props: {
  id: string;
  field: StepField;
  value: string;
  onChange(value: string): void;
}) {
  const { id, field, value, onChange } = props;
  return (
    <>
      <label htmlFor={id}>{field.label}</label>
      {field.kind === 'select' ? (
        <select
          id={id}
          value={value}
          required={field.required}
          onChange={(e) => onChange(e.target.value)}
        >
          <option value="">
            {field.required ? 'choose…' : field.key.startsWith('match.') ? '(any)' : '(default)'}
          </option>
          {field.options?.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          className="mono"
          value={value}
          required={field.required}
          inputMode={field.kind === 'number' ? 'numeric' : undefined}
          placeholder={field.placeholder}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </>
  );
}
