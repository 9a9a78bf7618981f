// One parameter of the catalog as a form field: its name as the label (what the API document and
// the raw body call it), a required marker, its type, the document's note and rules as help text,
// and the engine's reason when the value breaks a rule. Allowed values become a select.
import { useId, type ReactNode } from 'react';
import type { ParamSpec } from '../../../src-shared/spec';
import { MSG_TYPE_LABELS, isMsgType } from '../../../src-shared/spec';
import { kindWords, requiredWords, ruleWords } from '../../../src-shared/rules/param-rules';
import './editors.css';

interface ParamFieldProps {
  spec: ParamSpec;
  value: string;
  onChange(value: string): void;
  required: boolean;
  /** Why the value breaks the rules, from the engine's preview. */
  error?: string | undefined;
  /** A note in place of the input's normal use (user_id filled from "act as"). */
  note?: string | undefined;
  readOnly?: boolean;
  /** Suggestions for a text input (contact ids, resources, users). */
  suggestions?: { value: string; label?: string }[];
  /** Controls after the input (pickers). */
  extra?: ReactNode;
  placeholder?: string;
}

function optionLabel(spec: ParamSpec, value: string): string {
  if (spec.name === 'msg_type' && isMsgType(value)) return `${value} · ${MSG_TYPE_LABELS[value]}`;
  return value;
}

export function ParamField(props: ParamFieldProps) {
  const { spec, value, onChange, required, error, note, readOnly, suggestions, extra } = props;
  const id = useId();
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const listId = suggestions && suggestions.length > 0 ? `${id}-list` : undefined;
  const rules = ruleWords(spec);
  const describedBy = [error ? errorId : null, helpId].filter(Boolean).join(' ');
  const common = {
    id,
    'aria-describedby': describedBy,
    'aria-invalid': error ? true : undefined,
    'aria-required': required || undefined,
    className: 'mono',
  } as const;

  let input: ReactNode;
  if (spec.values && spec.kind === 'string') {
    input = (
      <select {...common} value={value} onChange={(e) => onChange(e.target.value)}>
        {required ? null : <option value="">(not sent)</option>}
        {value !== '' && !spec.values.includes(value) ? (
          <option value={value}>{value} (not in the API document)</option>
        ) : null}
        {spec.values.map((v) => (
          <option key={v} value={v}>
            {optionLabel(spec, v)}
          </option>
        ))}
      </select>
    );
  } else if (spec.kind === 'boolean') {
    input = (
      <select {...common} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">(not sent: false)</option>
        <option value="true">true</option>
        <option value="false">false</option>
      </select>
    );
  } else {
    input = (
      <input
        {...common}
        type={spec.secret ? 'password' : 'text'}
        inputMode={spec.kind === 'double' ? 'decimal' : undefined}
        autoComplete="off"
        spellCheck={false}
        value={value}
        readOnly={readOnly}
        list={listId}
        placeholder={props.placeholder}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  }

  return (
    <div className={`param${error ? ' param-invalid' : ''}`}>
      <div className="param-head">
        <label htmlFor={id} className="mono param-name">
          {spec.name}
        </label>
        {required ? (
          <span className="required" aria-hidden="true" title="required">
            *
          </span>
        ) : null}
        <span className="param-kind quiet">{kindWords(spec)}</span>
      </div>
      <div className="param-input">
        {input}
        {extra}
      </div>
      {listId ? (
        <datalist id={listId}>
          {suggestions?.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label ?? s.value}
            </option>
          ))}
        </datalist>
      ) : null}
      {error ? (
        <p id={errorId} className="param-error">
          {error}
        </p>
      ) : null}
      <p id={helpId} className="param-help quiet">
        {note ? <span className="param-note">{note} </span> : null}
        {requiredWords(spec)}. {spec.doc}
        {rules.length ? ` · ${rules.join(' · ')}` : ''}
      </p>
    </div>
  );
}
