// The variables `{{name}}` stands for: the active profile's (one set per environment, edited
// here) and the collection's own (from its collection.yaml, shown; edited in the file). The
// profile's win over the collection's. The client secret and tokens are usable by name and are
// not kept here.
import { useEffect, useState, type FormEvent } from 'react';
import { activeProfile } from '../header/app-store';
import { useApp, useCollections } from '../../stores/stores-context';

type Row = { key: number; name: string; value: string };
let nextKey = 0;
const rowsOf = (vars: Record<string, string>): Row[] =>
  Object.entries(vars).map(([name, value]) => ({ key: nextKey++, name, value }));

export function VariablesEditor({ onClose }: { onClose(): void }) {
  const profile = useApp(activeProfile);
  const view = useCollections((s) => s.view);
  const saved = useCollections((s) => s.profileVariables);
  const error = useCollections((s) => s.variablesError);
  const load = useCollections((s) => s.loadProfileVariables);
  const save = useCollections((s) => s.saveProfileVariables);
  const [rows, setRows] = useState<Row[] | null>(null);
  const [status, setStatus] = useState<string | null>(null);

  useEffect(() => {
    void load();
  }, [load, profile?.id]);
  useEffect(() => {
    if (saved) setRows(rowsOf(saved));
  }, [saved]);

  const edit = (key: number, change: Partial<Row>) =>
    setRows((rs) => rs?.map((r) => (r.key === key ? { ...r, ...change } : r)) ?? null);
  const names = (rows ?? []).map((r) => r.name.trim()).filter(Boolean);
  const duplicate = names.find((n, i) => names.indexOf(n) !== i);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!rows || duplicate) return;
    const variables = Object.fromEntries(
      rows.filter((r) => r.name.trim()).map((r) => [r.name.trim(), r.value]),
    );
    setStatus((await save(variables)) ? 'Saved.' : null);
  };

  const own = Object.entries(view?.variables ?? {});
  return (
    <form className="variables-editor" aria-label="Variables" onSubmit={(e) => void submit(e)}>
      <h3 className="section-title">Profile {profile?.name ?? ''}</h3>
      {rows === null && !error ? <p className="quiet">Loading…</p> : null}
      {rows?.length === 0 ? <p className="quiet">No variables for this profile yet.</p> : null}
      {rows?.map((r, i) => (
        <div key={r.key} className="variable-row">
          <input
            className="mono"
            type="text"
            aria-label={`Name ${i + 1}`}
            value={r.name}
            placeholder="name"
            spellCheck={false}
            onChange={(e) => edit(r.key, { name: e.target.value })}
          />
          <input
            className="mono"
            type="text"
            aria-label={`Value of ${r.name || `variable ${i + 1}`}`}
            value={r.value}
            placeholder="value"
            spellCheck={false}
            onChange={(e) => edit(r.key, { value: e.target.value })}
          />
          <button
            type="button"
            aria-label={`Remove ${r.name || `variable ${i + 1}`}`}
            onClick={() => setRows((rs) => rs?.filter((x) => x.key !== r.key) ?? null)}
          >
            ×
          </button>
        </div>
      ))}
      {duplicate ? (
        <p className="text-error" role="alert">
          {duplicate} is named twice: keep one.
        </p>
      ) : null}
      {error ? (
        <p className="error-text" role="alert">
          {error}
        </p>
      ) : null}
      <div className="actions">
        <button
          type="button"
          disabled={rows === null}
          onClick={() => setRows((rs) => [...(rs ?? []), { key: nextKey++, name: '', value: '' }])}
        >
          Add variable
        </button>
        <button type="submit" className="primary" disabled={rows === null || !!duplicate}>
          Save variables
        </button>
        <button type="button" onClick={onClose}>
          Close
        </button>
        {status ? (
          <span className="quiet" role="status">
            {status}
          </span>
        ) : null}
      </div>
      <h3 className="section-title">This collection</h3>
      {own.length ? (
        <dl className="collection-variables">
          {own.map(([name, value]) => (
            <div key={name}>
              <dt className="mono">{name}</dt>
              <dd className="mono">{value}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="quiet">None: add them under variables: in collection.yaml.</p>
      )}
      <p className="quiet">
        The profile&apos;s variables win over the collection&apos;s. The client secret and tokens
        are used by name (<span className="mono">{'{{client_secret}}'}</span>) and never shown.
      </p>
    </form>
  );
}
