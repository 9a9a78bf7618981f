// A line diff of two texts (a replay's edited data against the delivery it replays), as a person
// reads one: lines kept, removed (-) and added (+), with only a few kept lines around each change.
// Longest common subsequence over the lines between the common start and end: deliveries are
// small, and past MAX_CELLS the middle is shown as removed then added rather than computed.

type DiffOp = { op: 'same' | 'removed' | 'added'; line: string } | { op: 'skipped'; count: number };

/** Lines x lines of the table the comparison fills at most (some 16 MB of memory). */
const MAX_CELLS = 4_000_000;
/** Kept lines shown before and after a change. */
const CONTEXT = 3;

export function diffLines(before: string, after: string): DiffOp[] {
  const a = before.split('\n');
  const b = after.split('\n');
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const ops: DiffOp[] = [];
  for (let i = 0; i < start; i++) ops.push({ op: 'same', line: a[i]! });
  ops.push(...middle(a.slice(start, endA), b.slice(start, endB)));
  for (let i = endA; i < a.length; i++) ops.push({ op: 'same', line: a[i]! });
  return withContext(ops);
}

function middle(a: string[], b: string[]): DiffOp[] {
  if (a.length * b.length > MAX_CELLS) {
    return [
      ...a.map((line) => ({ op: 'removed' as const, line })),
      ...b.map((line) => ({ op: 'added' as const, line })),
    ];
  }
  // lcs[i][j]: the longest common subsequence of a[i..] and b[j..], in one flat array.
  const w = b.length + 1;
  const lcs = new Uint32Array((a.length + 1) * w);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i * w + j] =
        a[i] === b[j]
          ? lcs[(i + 1) * w + j + 1]! + 1
          : Math.max(lcs[(i + 1) * w + j]!, lcs[i * w + j + 1]!);
    }
  }
  const ops: DiffOp[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      ops.push({ op: 'same', line: a[i++]! });
      j++;
    } else if (i < a.length && (j === b.length || lcs[(i + 1) * w + j]! >= lcs[i * w + j + 1]!)) {
      // Removed before added where either keeps the longest common part, as diffs read.
      ops.push({ op: 'removed', line: a[i++]! });
    } else {
      ops.push({ op: 'added', line: b[j++]! });
    }
  }
  return ops;
}

/** Kept lines further than CONTEXT from any change become one `skipped` count. */
function withContext(ops: DiffOp[]): DiffOp[] {
  const changed = ops.map((o) => o.op === 'removed' || o.op === 'added');
  // No change at all: the lines as they are, for whoever says so.
  if (!changed.includes(true)) return ops;
  const near = (k: number) => {
    for (let d = -CONTEXT; d <= CONTEXT; d++) if (changed[k + d]) return true;
    return false;
  };
  const out: DiffOp[] = [];
  let skipped = 0;
  ops.forEach((o, k) => {
    if (o.op !== 'same' || near(k)) {
      if (skipped > 0) out.push({ op: 'skipped', count: skipped });
      skipped = 0;
      out.push(o);
    } else skipped++;
  });
  if (skipped > 0) out.push({ op: 'skipped', count: skipped });
  return out;
}
