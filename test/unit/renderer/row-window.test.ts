import { describe, expect, it } from 'vitest';
import {
  createSlotPool,
  rowsToDraw,
  scrollToShow,
  type RowWindow,
} from '../../../src-renderer/src/features/event-log/row-window';

// A list 10 rows tall (rows of 20 px), 1,000 rows long.
const base: RowWindow = {
  count: 1000,
  rowHeight: 20,
  scrollTop: 0,
  viewportHeight: 200,
  following: false,
  activeIndex: -1,
  overscan: 3,
  previousCount: 1000,
};
const drawn = (w: RowWindow) => rowsToDraw(w).indexes;
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe("the Event log's rows drawn", () => {
  it('are those in view and a few either side where the list is scrolled', () => {
    expect(drawn(base)).toEqual(range(0, 13));
    // Scrolled to row 100 and half of the next: rows 100 to 110 show, part of 110.
    expect(drawn({ ...base, scrollTop: 2010 })).toEqual(range(97, 113));
    expect(drawn({ ...base, scrollTop: 19_800 })).toEqual(range(987, 999));
  });

  it('are the newest while following the end, whatever the last scroll offset was', () => {
    expect(drawn({ ...base, following: true, scrollTop: 0 })).toEqual(range(987, 999));
    // A list shorter than its pane draws every row.
    expect(drawn({ ...base, following: true, count: 4 })).toEqual(range(0, 3));
  });

  it('take in the keyboard row wherever it is, in order', () => {
    expect(drawn({ ...base, following: true, activeIndex: 5 })).toEqual([5, ...range(987, 999)]);
    expect(drawn({ ...base, activeIndex: 500 })).toEqual([...range(0, 13), 500]);
    expect(drawn({ ...base, activeIndex: 7 })).toEqual(range(0, 13));
    // One gone with a shorter list is not drawn.
    expect(drawn({ ...base, count: 3, activeIndex: 5 })).toEqual(range(0, 2));
  });

  it('leave out the rows above the view that a frame adds and scrolls past at once', () => {
    // 4 records since the last render: the rows above the view were drawn before, and stay.
    expect(rowsToDraw({ ...base, following: true, previousCount: 996 })).toEqual({
      indexes: range(987, 999),
      leftOut: false,
    });
    // 200 at once: every row above the view would be new, and is not drawn until a quieter render.
    expect(rowsToDraw({ ...base, following: true, previousCount: 800 })).toEqual({
      indexes: range(990, 999),
      leftOut: true,
    });
    expect(rowsToDraw({ ...base, following: true, previousCount: 800, count: 5 })).toEqual({
      indexes: range(0, 4),
      leftOut: false,
    });
  });

  it('are none in an empty list', () => {
    expect(drawn({ ...base, count: 0, following: true, activeIndex: 0 })).toEqual([]);
  });
});

describe('scrolling a row into view', () => {
  it('scrolls the least, and not at all for a row in view', () => {
    expect(scrollToShow(5, 20, 0, 200)).toBeNull();
    expect(scrollToShow(10, 20, 0, 200)).toBe(20);
    expect(scrollToShow(3, 20, 100, 200)).toBe(60);
    // Half in view at the bottom: brought up to the bottom edge.
    expect(scrollToShow(14, 20, 95, 200)).toBe(100);
  });

  it('keep their slot in the pool of row elements, and new rows take the slots of those that left', () => {
    const pool = createSlotPool();
    const following = { ...base, following: true };
    const before = rowsToDraw(following).indexes;
    const wasSlots = pool.assign(before);
    expect(new Set(wasSlots).size).toBe(before.length);
    // The same rows again (a render run twice): the same slots.
    expect(pool.assign(before)).toEqual(wasSlots);
    const was = new Map(before.map((index, i) => [index, wasSlots[i]]));
    const after = rowsToDraw({ ...following, count: 1004 }).indexes;
    const nowSlots = pool.assign(after);
    const now = new Map(after.map((index, i) => [index, nowSlots[i]]));
    expect(new Set(nowSlots).size).toBe(after.length);
    for (const [index, slot] of now) if (was.has(index)) expect(slot).toBe(was.get(index));
    // The four new rows take the slots of the four that left: no element is made or removed.
    const left = [...was].filter(([index]) => !now.has(index)).map(([, slot]) => slot);
    const added = [...now].filter(([index]) => !was.has(index)).map(([, slot]) => slot);
    expect(added).toHaveLength(4);
    expect(added.sort()).toEqual(left.sort());
    // A longer run of rows (the list scrolled back): new slots past the others, all distinct.
    const longer = range(500, 540);
    expect(new Set(pool.assign(longer)).size).toBe(longer.length);
  });
});
