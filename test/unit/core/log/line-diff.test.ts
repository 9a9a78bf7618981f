// The line diff an edited replay's section shows: removed before added, kept lines unmarked, and
// long runs of kept lines far from a change folded into a count.
import { describe, expect, it } from 'vitest';
import { diffLines } from '../../../../src-main/core/log/html-report/line-diff';

describe('a line diff', () => {
  it('marks the lines removed and added, in place, removed first', () => {
    expect(diffLines('a\nb\nc', 'a\nB\nc\nd')).toEqual([
      { op: 'same', line: 'a' },
      { op: 'removed', line: 'b' },
      { op: 'added', line: 'B' },
      { op: 'same', line: 'c' },
      { op: 'added', line: 'd' },
    ]);
  });

  it('folds kept lines far from any change into a count', () => {
    const before = Array.from({ length: 20 }, (_, i) => `line ${i}`);
    const after = before.map((l, i) => (i === 10 ? 'changed' : l));
    const ops = diffLines(before.join('\n'), after.join('\n'));
    expect(ops[0]).toEqual({ op: 'skipped', count: 7 });
    expect(ops.filter((o) => o.op === 'same')).toHaveLength(6);
    expect(ops.at(-1)).toEqual({ op: 'skipped', count: 6 });
  });

  it('says nothing changed as only kept lines', () => {
    expect(diffLines('x\ny', 'x\ny')).toEqual([
      { op: 'same', line: 'x' },
      { op: 'same', line: 'y' },
    ]);
  });
});
