// Picked files held by id: the newest kept within the byte budget, a dropped one said in words.
import { describe, expect, it } from 'vitest';
import { CommandError } from '../../../../src-shared/contract';
import { createStagedFiles } from '../../../../src-main/core/composer/staged-files';

describe('staged files', () => {
  it('drops the least recently used files past the budget, never the newest', () => {
    const staged = createStagedFiles(10);
    const a = staged.put('a', Buffer.alloc(4));
    const b = staged.put('b', Buffer.alloc(4));
    staged.get(a); // a is now newer than b
    const c = staged.put('c', Buffer.alloc(4));
    expect(staged.get(a).name).toBe('a');
    expect(staged.get(c).name).toBe('c');
    expect(() => staged.get(b)).toThrow(CommandError);
    const huge = staged.put('huge', Buffer.alloc(50));
    expect(staged.get(huge).bytes.length).toBe(50);
    expect(() => staged.get(a)).toThrow(/Pick it again/);
  });
});
