// Label/value pairs as a description list: compact, read as pairs by screen readers, and each
// value labelled by its term so it can be found by name ("Status", "client_secret").
import { useId, type ReactNode } from 'react';
import './field-list.css';

interface Field {
  label: string;
  value: ReactNode;
  /** Monospace for values a person may copy: URLs, ids, header values. */
  mono?: boolean;
}

export function FieldList({ fields, label }: { fields: Field[]; label: string }) {
  const baseId = useId();
  return (
    <div role="group" aria-label={label}>
      <dl className="field-list">
        {fields.map((f, i) => (
          <div className="field" key={f.label}>
            <dt id={`${baseId}-${i}`}>{f.label}</dt>
            <dd className={f.mono ? 'mono' : undefined} aria-labelledby={`${baseId}-${i}`}>
              {f.value}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** A string map (headers, parameters) as a FieldList, or a quiet "none". */
export function MapList({ map, label }: { map: Record<string, string>; label: string }) {
  const entries = Object.entries(map);
  if (entries.length === 0) return <p className="quiet">None.</p>;
  return (
    <FieldList
      label={label}
      fields={entries.map(([k, v]) => ({ label: k, value: v, mono: true }))}
    />
  );
}
