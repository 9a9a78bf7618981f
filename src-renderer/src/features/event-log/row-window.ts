// Which rows of the Event log's virtual list are drawn. Rows have one fixed height, so where a row
// is and what is in view are arithmetic: nothing is measured, and a longer list costs nothing per
// frame (a general virtualizer lays out every row's offset again each time the count changes,
// which at 2,000 records a second and 100,000 rows was most of the page's garbage).

export interface RowWindow {
  count: number;
  rowHeight: number;
  /** The list's scroll offset, in pixels (unused while following the end). */
  scrollTop: number;
  /** The list's visible height, in pixels. */
  viewportHeight: number;
  /** Scrolled to the end: the newest rows are drawn, whatever the last scroll offset said. */
  following: boolean;
  /** The keyboard's row, drawn wherever it is (so aria-activedescendant names an element), or -1. */
  activeIndex: number;
  /**
   * Rows drawn beyond those in view, either side (following, before them only), so a quick scroll
   * shows no gap.
   */
  overscan: number;
  /**
   * Following: the count the list last drew. Rows from there on are new in this render; when every
   * row above the view would be a new one (hundreds of records in a frame), those are left out,
   * since they are scrolled past before anyone sees them.
   */
  previousCount: number;
}

interface RowsDrawn {
  /** The indexes to draw, ascending. */
  indexes: number[];
  /** Rows above the view were left out (see previousCount): a render with no new ones draws them. */
  leftOut: boolean;
}

export function rowsToDraw(w: RowWindow): RowsDrawn {
  if (w.count <= 0) return { indexes: [], leftOut: false };
  const last = w.count - 1;
  const height = Math.max(0, w.viewportHeight);
  let start: number;
  let end: number;
  let leftOut = false;
  if (w.following) {
    // In the render that adds them, before the scroll to the end: the rows it will show.
    const inView = Math.max(0, Math.floor((w.count * w.rowHeight - height) / w.rowHeight));
    start = Math.max(0, inView - w.overscan);
    if (w.previousCount <= start && start < inView) {
      start = inView;
      leftOut = true;
    }
    end = last;
  } else {
    const top = Math.max(0, w.scrollTop);
    start = Math.max(0, Math.floor(top / w.rowHeight) - w.overscan);
    end = Math.min(last, Math.floor((top + height) / w.rowHeight) + w.overscan);
  }
  const indexes: number[] = [];
  if (w.activeIndex >= 0 && w.activeIndex < start) indexes.push(w.activeIndex);
  for (let i = start; i <= end; i++) indexes.push(i);
  if (w.activeIndex > end && w.activeIndex <= last) indexes.push(w.activeIndex);
  return { indexes, leftOut };
}

/**
 * The scroll offset that brings a row into view, or null when it is in view already (the least
 * scroll, as scrollIntoView's "nearest" does).
 */
export function scrollToShow(
  index: number,
  rowHeight: number,
  scrollTop: number,
  viewportHeight: number,
): number | null {
  const top = index * rowHeight;
  if (top < scrollTop) return top;
  if (top + rowHeight > scrollTop + viewportHeight) return top + rowHeight - viewportHeight;
  return null;
}

/**
 * Keys the rows drawn by slot in a pool of row elements: a row keeps its slot while it is drawn,
 * and a row coming into view takes the slot of one that left, so the list updates a few elements in
 * place instead of removing some and creating others (records come by the hundred a second, and
 * following the end every batch scrolls rows out and in). The same indexes get the same slots
 * again, so rendering twice changes nothing.
 */
export function createSlotPool(): { assign(indexes: readonly number[]): number[] } {
  let slotOf = new Map<number, number>();
  return {
    assign(indexes) {
      const next = new Map<number, number>();
      const taken = new Set<number>();
      for (const index of indexes) {
        const slot = slotOf.get(index);
        if (slot !== undefined) {
          next.set(index, slot);
          taken.add(slot);
        }
      }
      // The slots of the rows that left, lowest first, then new ones past them.
      const free = [...slotOf.values()].filter((s) => !taken.has(s)).sort((a, b) => a - b);
      let fresh = Math.max(-1, ...slotOf.values(), ...taken) + 1;
      for (const index of indexes) {
        if (next.has(index)) continue;
        next.set(index, free.shift() ?? fresh++);
      }
      slotOf = next;
      return indexes.map((index) => next.get(index)!);
    },
  };
}
