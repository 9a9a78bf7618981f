// "Did you mean": the names closest to a misspelt one, so a message about an unknown endpoint,
// parameter or variable can say what to write instead.

/** Edits (insert, delete, replace, swap two neighbours) to turn `a` into `b`. */
function editDistance(a: string, b: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    rows.push([i]);
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        (rows[0] as number[])[j] = j;
        continue;
      }
      const row = rows[i] as number[];
      const up = rows[i - 1] as number[];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(
        (up[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (up[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      }
      row[j] = best;
    }
  }
  return (rows[a.length] as number[])[b.length] as number;
}

/**
 * The candidates near `name` (case ignored), nearest first: within a third of the longer name's
 * length, or containing it (`send` → `message.send`). Empty when nothing is close.
 */
export function closestNames(name: string, candidates: readonly string[], max = 3): string[] {
  const wanted = name.toLowerCase();
  return candidates
    .map((candidate) => {
      const lower = candidate.toLowerCase();
      const distance = editDistance(wanted, lower);
      const near =
        distance <= Math.max(1, Math.floor(Math.max(wanted.length, lower.length) / 3)) ||
        (Math.min(wanted.length, lower.length) >= 3 &&
          (lower.includes(wanted) || wanted.includes(lower)));
      return { candidate, distance, near };
    })
    .filter((c) => c.near)
    .sort((a, b) => a.distance - b.distance || a.candidate.localeCompare(b.candidate))
    .slice(0, max)
    .map((c) => c.candidate);
}

/** `a`, `a or b`, `a, b or c`. */
export function orList(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} or ${names[names.length - 1] ?? ''}`;
}
