// Raw mode: the request exactly as the engine will send it (composer.preview): request line,
// headers, and the form-urlencoded or multipart body (file bytes elided, byte count exact).
import { byteSize } from '../../format';
import { useComposer } from '../../stores/stores-context';

export function RawPreview() {
  const preview = useComposer((s) => s.preview);
  const error = useComposer((s) => s.previewError);
  if (error) return <p className="param-error">{error}</p>;
  if (!preview) return <p className="quiet">Waiting for the engine to build the request…</p>;
  const r = preview.request;
  const head = [
    `${r.method} ${r.url}`,
    ...Object.entries(r.headers).map(([k, v]) => `${k}: ${v}`),
  ].join('\n');
  return (
    <div className="raw-preview">
      <p className="quiet">
        {r.bodyKind === 'none'
          ? 'No body: the parameters are in the query.'
          : `${r.bodyKind === 'form' ? 'application/x-www-form-urlencoded' : 'multipart/form-data'} body, ${byteSize(r.raw.size)} (${r.raw.size} bytes)`}
        {r.raw.truncated ? ' · file bytes left out of the text below' : ''}
        {preview.ok ? '' : ` · ${preview.errors.length} rule(s) broken`}
      </p>
      <pre
        className="raw-text mono"
        role="textbox"
        aria-readonly="true"
        aria-multiline="true"
        aria-label="Raw request"
        tabIndex={0}
      >
        {head}
        {r.bodyKind === 'none' ? '' : `\n\n${r.raw.text}`}
      </pre>
      {preview.notes.length > 0 ? (
        <ul className="notes" aria-label="Notes on the request">
          {preview.notes.map((n) => (
            <li key={`${n.field}:${n.message}`} className="quiet">
              {n.field ? <span className="mono">{n.field}: </span> : null}
              {n.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
