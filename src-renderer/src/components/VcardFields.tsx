// The address-book contact of msg_type contact (API document §2.5), bound to nothing: name, surname
// and any number of phones with a type. The composer binds it to its draft (VcardEditor, with the
// XML the engine built); the simulator's "Send as user" to its own form.
import './editors.css';

export interface Vcard {
  name: string;
  surname: string;
  phones: { number: string; type?: string }[];
}

interface VcardFieldsProps {
  vcard: Vcard;
  onChange(vcard: Vcard): void;
  /** The XML the engine built (null: not yet); left out where nothing builds it beforehand. */
  xml?: string | null;
  error?: string | undefined;
  /** How the XML travels, for the help line. */
  sentAs?: string;
}

export function VcardFields({
  vcard,
  onChange,
  xml,
  error,
  sentAs = 'Sent URL-encoded as the vcard parameter.',
}: VcardFieldsProps) {
  const setPhone = (i: number, change: Partial<{ number: string; type: string }>) =>
    onChange({
      ...vcard,
      phones: vcard.phones.map((p, j) => (j === i ? { ...p, ...change } : p)),
    });

  return (
    <fieldset className={`vcard${error ? ' param-invalid' : ''}`}>
      <legend>
        <span className="mono">vcard</span> <span className="quiet">contact XML (2.5)</span>
      </legend>
      <div className="vcard-names">
        <label className="inline-label">
          <span>Name</span>
          <input
            type="text"
            value={vcard.name}
            onChange={(e) => onChange({ ...vcard, name: e.target.value })}
          />
        </label>
        <label className="inline-label">
          <span>Surname</span>
          <input
            type="text"
            value={vcard.surname}
            onChange={(e) => onChange({ ...vcard, surname: e.target.value })}
          />
        </label>
      </div>
      <ul className="phones" aria-label="Phones">
        {vcard.phones.map((p, i) => (
          <li key={i}>
            <input
              className="mono"
              type="text"
              inputMode="numeric"
              aria-label={`Phone ${i + 1} number`}
              placeholder="digits, e.g. 4915112345678"
              value={p.number}
              onChange={(e) => setPhone(i, { number: e.target.value })}
            />
            <input
              type="text"
              aria-label={`Phone ${i + 1} type`}
              placeholder="type (mobile, work…)"
              value={p.type ?? ''}
              onChange={(e) => setPhone(i, { type: e.target.value })}
            />
            <button
              type="button"
              aria-label={`Remove phone ${i + 1}`}
              onClick={() => onChange({ ...vcard, phones: vcard.phones.filter((_, j) => j !== i) })}
            >
              ✕
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={() =>
          onChange({ ...vcard, phones: [...vcard.phones, { number: '', type: 'mobile' }] })
        }
      >
        Add phone
      </button>
      {error ? <p className="param-error">{error}</p> : null}
      <p className="param-help quiet">
        name and surname exactly once, then phones: digits of the number (a long integer), an
        optional type. {sentAs}
      </p>
      {xml !== undefined ? (
        <pre className="vcard-xml mono" aria-label="vCard XML" tabIndex={0}>
          {xml ?? '(the XML appears here once the engine has built it)'}
        </pre>
      ) : null}
    </fieldset>
  );
}
