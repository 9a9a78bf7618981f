// Two journal sessions compared by counts (sessions.compare), under "Sessions…": how many records
// of each kind, outcome and signature result each has, then the records alike that one has more
// of ("api POST /tp/message/send.json 5xx: 0 → 3"), the open session's ones a click away.
import type { SessionCounts } from '../../../../src-shared/contract';
import { useLog } from '../../stores/stores-context';
import { JumpTo } from './JumpTo';
import type { SessionComparison } from './log-sessions';

/** Rows of the counts table: every class either session has, kinds first. */
function countRows(left: SessionCounts, right: SessionCounts) {
  const rows: Array<{ label: string; left: number; right: number }> = [
    { label: 'records', left: left.records, right: right.records },
  ];
  for (const part of ['kinds', 'outcomes', 'signatures'] as const) {
    const keys = [...new Set([...Object.keys(left[part]), ...Object.keys(right[part])])].sort();
    for (const key of keys) {
      const label = part === 'signatures' ? `signature ${key}` : key;
      rows.push({ label, left: left[part][key] ?? 0, right: right[part][key] ?? 0 });
    }
  }
  return rows;
}

export function SessionsCompare({ comparison }: { comparison: SessionComparison }) {
  const close = useLog((s) => s.closeComparison);
  const { left, right, differences, differencesTotal } = comparison;
  return (
    <section className="sessions-compare" aria-label="Sessions compared">
      <table className="compare-table" aria-label="Session counts">
        <thead>
          <tr>
            <th scope="col">Records</th>
            <th scope="col">{left.name}</th>
            <th scope="col">{right.name} (open)</th>
          </tr>
        </thead>
        <tbody>
          {countRows(left.counts, right.counts).map((row) => (
            <tr key={row.label} className={row.left !== row.right ? 'diff-changed' : undefined}>
              <th scope="row">{row.label}</th>
              <td className="diff-left">{row.left}</td>
              <td className="diff-right">{row.right}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h4>Records that differ</h4>
      {differences.length === 0 ? (
        <p className="quiet">Both sessions have as many records of every kind and outcome.</p>
      ) : (
        <ul className="sessions-differences" aria-label="Records that differ">
          {differences.map((d) => (
            <li key={d.key}>
              <span className="mono">{d.key}</span>: {d.left} → {d.right}
              {d.rightRecords.length > 0 ? ' · open: ' : ''}
              {d.rightRecords.map((r) => (
                <JumpTo key={r.seq} seq={r.seq}>
                  #{r.seq}
                </JumpTo>
              ))}
              {d.leftRecords.length > 0
                ? ` · in “${left.name}”: ${d.leftRecords.map((r) => `#${r.seq}`).join(' ')}`
                : ''}
            </li>
          ))}
        </ul>
      )}
      {differencesTotal > differences.length ? (
        <p className="quiet">
          The first {differences.length} of {differencesTotal} differences, most apart first.
        </p>
      ) : null}
      <div className="log-popover-actions">
        <button type="button" onClick={close}>
          Close the comparison
        </button>
      </div>
    </section>
  );
}
