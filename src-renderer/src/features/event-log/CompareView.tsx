// Two records side by side, as the fields that differ: the headers, the parameters, the bodies and
// a delivery's data, parsed, one row per path (src-shared/rules/structural-diff.ts). Volatile
// fields (ids, timestamps, tokens, signatures) differ between any two records, so they are hidden
// until asked for, and the count says how many are.
import { useMemo, useState, type KeyboardEvent } from 'react';
import type { JournalRecord } from '../../../../src-shared/contract';
import { comparableRecord } from '../../../../src-shared/rules/record-comparable';
import { pathText, structuralDiff } from '../../../../src-shared/rules/structural-diff';

/** Characters of one value shown in a cell: a whole body that changed can be long. */
const VALUE_CHARS = 600;

/** A value as JSON text (strings quoted, so "1" and 1 differ on screen too), cut when long. */
function valueText(value: unknown, present: boolean): string {
  if (!present) return '(absent)';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > VALUE_CHARS ? `${text.slice(0, VALUE_CHARS - 1)}…` : text;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function CompareView({
  left,
  right,
  onClose,
}: {
  left: JournalRecord;
  right: JournalRecord;
  onClose(): void;
}) {
  const [showVolatile, setShowVolatile] = useState(false);
  const diff = useMemo(
    () => structuralDiff(comparableRecord(left), comparableRecord(right)),
    [left, right],
  );
  const volatile = diff.changes.filter((c) => c.volatile).length;
  const shown = showVolatile ? diff.changes : diff.changes.filter((c) => !c.volatile);
  const differing = diff.changes.length - volatile;

  // Escape goes back to the record (before the maximized detail's own Escape, which it stops).
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key !== 'Escape' || e.defaultPrevented) return;
    e.preventDefault();
    onClose();
  };

  return (
    <section className="compare" aria-label="Compare records" onKeyDown={onKeyDown}>
      <div className="compare-bar">
        <p className="compare-count" role="status" aria-label="Differences found">
          {left.kind !== right.kind ? `A ${left.kind} and a ${right.kind}: ` : ''}
          {differing === 0 ? 'No field differs' : `${plural(differing, 'field')} differ`}
          {volatile > 0
            ? ` · ${plural(volatile, 'volatile field')} ${showVolatile ? 'shown' : 'hidden'}`
            : ''}
          {` · ${diff.same} the same`}
          {diff.truncated ? ' · only the first 2000 differences are listed' : ''}
        </p>
        <button
          type="button"
          className="toggle"
          aria-pressed={showVolatile}
          title="Ids, timestamps, tokens and signatures: they differ between any two records"
          onClick={() => setShowVolatile((v) => !v)}
        >
          Volatile fields
        </button>
        <button type="button" aria-keyshortcuts="Escape" onClick={onClose}>
          Back to #{right.seq}
        </button>
      </div>
      {shown.length === 0 ? (
        <p className="quiet">
          {diff.changes.length === 0
            ? 'The two records are the same in every compared field.'
            : 'Only volatile fields differ: press Volatile fields to see them.'}
        </p>
      ) : (
        <div className="compare-scroll">
          <table className="compare-table mono" aria-label="Differences">
            <thead>
              <tr>
                <th scope="col">Field</th>
                <th scope="col">#{left.seq} (marked)</th>
                <th scope="col">#{right.seq}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((c) => {
                const path = pathText(c.path) || '(whole record)';
                return (
                  <tr key={path} className={`diff-${c.kind}${c.volatile ? ' diff-volatile' : ''}`}>
                    <th scope="row">{path}</th>
                    <td className="diff-left">{valueText(c.left, c.kind !== 'added')}</td>
                    <td className="diff-right">{valueText(c.right, c.kind !== 'removed')}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
