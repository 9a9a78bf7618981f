// GroupCommit on its own: the records of a turn in one write, a full group written at once, a
// failed write rejecting the group's callers and only them, the listeners told before they go on.
import { describe, expect, it } from 'vitest';
import { GroupCommit } from '../../../../src-main/core/log/journal-group-commit';

const turn = () => new Promise((r) => setImmediate(r));

describe('GroupCommit', () => {
  it('writes the records added in one turn with one write, then resolves their callers', async () => {
    const writes: string[][] = [];
    const commit = new GroupCommit<number>(8, (_, lines) => writes.push(lines));
    const written = [1, 2, 3].map((n) => commit.add(n, `line ${n}`));
    expect(writes).toEqual([]);
    expect(commit.waiting).toBe(true);
    await Promise.all(written);
    expect(writes).toEqual([['line 1', 'line 2', 'line 3']]);
    expect(commit.waiting).toBe(false);
  });

  it('writes a full group once the code that filled it is done, before the turn ends', async () => {
    const writes: number[][] = [];
    const commit = new GroupCommit<number>(2, (records) => writes.push(records));
    const first = [commit.add(1, 'a'), commit.add(2, 'b')];
    await Promise.resolve();
    expect(writes).toEqual([[1, 2]]);
    // makeRoom writes a full group at once: the next record starts another.
    const second = [commit.add(3, 'c'), commit.add(4, 'd')];
    commit.makeRoom();
    expect(writes).toEqual([
      [1, 2],
      [3, 4],
    ]);
    await Promise.all([...first, ...second]);
  });

  it('rejects the callers of a group whose write failed, and writes the next group', async () => {
    let fail = true;
    const writes: number[][] = [];
    const commit = new GroupCommit<number>(8, (records) => {
      if (fail) throw new Error('disk full');
      writes.push(records);
    });
    const failed = commit.add(1, 'a');
    await expect(failed).rejects.toThrow('disk full');
    fail = false;
    await commit.add(2, 'b');
    expect(writes).toEqual([[2]]);
  });

  it('tells its listener of a written group before the callers go on; a listener that throws is no failed write', async () => {
    const order: string[] = [];
    const commit = new GroupCommit<number>(
      8,
      () => order.push('written'),
      () => {
        order.push('told');
        throw new Error('a broken listener');
      },
    );
    const written = commit.add(1, 'a').then(() => order.push('caller'));
    expect(() => commit.flush()).toThrow('a broken listener');
    await written;
    expect(order).toEqual(['written', 'told', 'caller']);
    await turn();
  });
});
