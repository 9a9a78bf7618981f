// Which checks run: a box per family (accepts, refuses, raw-bytes...), mixed when some of its
// checks are left out, and the family's checks by id one click away. All are chosen at first.
import { useEffect, useRef } from 'react';
import { useEndpointCheck } from '../../stores/stores-context';
import { familiesOf } from './report-diff';

function FamilyBox({ family, ids }: { family: string; ids: string[] }) {
  const skipped = useEndpointCheck((s) => s.skipped);
  const include = useEndpointCheck((s) => s.include);
  const names = useEndpointCheck((s) => s.checks);
  const left = ids.filter((id) => skipped.includes(id)).length;
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current) box.current.indeterminate = left > 0 && left < ids.length;
  }, [left, ids.length]);
  if (ids.length === 1) {
    return (
      <label className="check-family">
        <input
          type="checkbox"
          checked={left === 0}
          onChange={(e) => include(ids, e.target.checked)}
        />{' '}
        <span className="mono">{family}</span>
      </label>
    );
  }
  return (
    <details className="check-family">
      <summary>
        <label>
          <input
            ref={box}
            type="checkbox"
            aria-label={`${family} checks`}
            checked={left === 0}
            onChange={(e) => include(ids, e.target.checked)}
          />{' '}
          <span className="mono">{family}.</span>
        </label>
        <span className="quiet">
          {' '}
          {ids.length - left}/{ids.length}
        </span>
      </summary>
      <ul aria-label={`${family} checks`}>
        {ids.map((id) => (
          <li key={id}>
            <label title={names.find((c) => c.id === id)?.name}>
              <input
                type="checkbox"
                checked={!skipped.includes(id)}
                onChange={(e) => include([id], e.target.checked)}
              />{' '}
              <span className="mono">{id}</span>
            </label>
          </li>
        ))}
      </ul>
    </details>
  );
}

export function CheckChooser() {
  const checks = useEndpointCheck((s) => s.checks);
  const skipped = useEndpointCheck((s) => s.skipped.length);
  const families = familiesOf(checks.map((c) => c.id));
  return (
    <fieldset className="check-chooser">
      <legend>
        Checks to run{' '}
        <span className="quiet">
          {skipped === 0
            ? `all ${checks.length}`
            : `${checks.length - skipped} of ${checks.length}`}
        </span>
      </legend>
      {families.map((f) => (
        <FamilyBox key={f.family} family={f.family} ids={f.ids} />
      ))}
    </fieldset>
  );
}
