// Under the composer's form: what its `{{variables}}` stand for with the active profile and the
// open collection, before anything is sent, and the variables nothing defines.
import { useResolve } from '../../stores/stores-context';
import './save-dialog.css';

export function ResolvedValues() {
  const lines = useResolve((s) => s.lines);
  const unknown = useResolve((s) => s.unknown);
  const error = useResolve((s) => s.error);
  if (lines.length === 0 && unknown.length === 0 && !error) return null;
  return (
    <section className="resolved-values" aria-label="Resolved variables">
      {lines.map((l) => (
        <div key={l.name} className="mono resolved-line">
          Resolved: {l.name} = {l.value}
        </div>
      ))}
      {unknown.length ? (
        <p className="text-error" role="alert">
          Unknown variable{unknown.length === 1 ? '' : 's'}: {unknown.join(', ')}. Define{' '}
          {unknown.length === 1 ? 'it' : 'them'} in the profile&apos;s variables (Collections tab,
          Variables) or the collection&apos;s collection.yaml: a run stops at a step that uses an
          unknown variable, while the composer sends the text as written.
        </p>
      ) : null}
      {error ? <p className="text-error">{error}</p> : null}
    </section>
  );
}
