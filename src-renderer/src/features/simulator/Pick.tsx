// A labelled select over the sandbox's users, rooms or contacts: the label is the accessible name.
// A choice that went away (a user who left the room, another user picked) reads as no choice, so
// an action never goes to something the select no longer shows.
export interface PickOption {
  value: string;
  label: string;
}

/** The value while it is among the options, otherwise '' (nothing chosen). */
export function stillThere(value: string, options: readonly PickOption[]): string {
  return options.some((o) => o.value === value) ? value : '';
}

interface Props {
  label: string;
  value: string;
  options: PickOption[];
  onChange(value: string): void;
  /** Shown (and disabled) when there is nothing to pick. */
  empty: string;
}

export function Pick({ label, value, options, onChange, empty }: Props) {
  const current = stillThere(value, options);
  return (
    <label className="sim-field">
      <span>{label}</span>
      <select
        value={current}
        disabled={options.length === 0}
        onChange={(e) => onChange(e.target.value)}
      >
        {options.length === 0 ? <option value="">{empty}</option> : null}
        {options.length > 0 && current === '' ? <option value="">Pick one…</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}
