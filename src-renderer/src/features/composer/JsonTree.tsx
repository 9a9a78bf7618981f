// A parsed JSON value as a foldable tree (native details/summary: keyboard and screen-reader
// friendly). Deep levels start folded and long arrays or objects show their children a page at a
// time, so a large response renders at once and grows only as the person opens it.
import { useState } from 'react';

const PAGE = 100;
const OPEN_DEPTH = 2;

function Scalar({ value }: { value: unknown }) {
  if (value === null) return <span className="json-literal">null</span>;
  if (typeof value === 'string')
    return <span className="json-string">{JSON.stringify(value)}</span>;
  if (typeof value === 'number') return <span className="json-number">{String(value)}</span>;
  if (typeof value === 'boolean') return <span className="json-literal">{String(value)}</span>;
  return <span>{String(value)}</span>;
}

function Node({ name, value, depth }: { name: string | null; value: unknown; depth: number }) {
  const [shown, setShown] = useState(PAGE);
  const label = name === null ? null : <span className="json-key">{JSON.stringify(name)}</span>;
  if (value === null || typeof value !== 'object') {
    return (
      <div className="json-leaf">
        {label}
        {label ? <span className="json-punct">: </span> : null}
        <Scalar value={value} />
      </div>
    );
  }
  const isArray = Array.isArray(value);
  const entries: [string, unknown][] = isArray
    ? (value as unknown[]).map((v, i) => [String(i), v])
    : Object.entries(value as Record<string, unknown>);
  const summary = isArray ? `[${entries.length}]` : `{${entries.length}}`;
  return (
    <details className="json-node" open={depth < OPEN_DEPTH}>
      <summary>
        {label}
        {label ? <span className="json-punct">: </span> : null}
        <span className="json-punct">{summary}</span>
      </summary>
      <div className="json-children">
        {entries.slice(0, shown).map(([k, v]) => (
          <Node key={k} name={isArray ? null : k} value={v} depth={depth + 1} />
        ))}
        {entries.length > shown ? (
          <button type="button" className="link" onClick={() => setShown((n) => n + PAGE)}>
            Show {Math.min(PAGE, entries.length - shown)} more of {entries.length - shown}
          </button>
        ) : null}
      </div>
    </details>
  );
}

export function JsonTree({ value }: { value: unknown }) {
  return (
    <div className="json-tree mono" role="group" aria-label="Response body as a JSON tree">
      <Node name={null} value={value} depth={0} />
    </div>
  );
}
