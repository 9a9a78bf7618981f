// A full-text search that many records match (every API call) cannot be confirmed line by line
// in the time of a keystroke over a million records: its candidates are tested from the newest
// back, the answer goes out as soon as the newest page is there, and the rest of the exact count
// is taken in slices between other work (as the index's build is), the answer saying how far it is
// (`counting`) until it is done. The count it reaches is the plain scan's: every candidate is
// tested, only in another order.

/** Candidates tested per step: about half a MB of lines, a few ms. */
const STEP_CANDIDATES = 512;

export class TextCount {
  /** Candidates [0, pending) are still to be tested. */
  private pending: number;
  /** The matches found so far, newest first. */
  private readonly found: number[] = [];

  constructor(
    private readonly candidates: readonly number[],
    private readonly test: (candidates: number[]) => number[],
  ) {
    this.pending = candidates.length;
  }

  get done(): boolean {
    return this.pending === 0;
  }

  get progress(): { done: number; total: number } {
    return { done: this.candidates.length - this.pending, total: this.candidates.length };
  }

  /** Tests the newest untested candidates; false once every one is tested. */
  step(): boolean {
    if (this.pending === 0) return false;
    const from = Math.max(0, this.pending - STEP_CANDIDATES);
    const matches = this.test(this.candidates.slice(from, this.pending));
    for (let k = matches.length - 1; k >= 0; k--) this.found.push(matches[k]!);
    this.pending = from;
    return this.pending > 0;
  }

  /** Steps until `wanted` matches are found and `budgetMs` has passed, or it is done. */
  run(wanted: number, budgetMs: number): void {
    const until = performance.now() + budgetMs;
    while ((this.found.length < wanted || performance.now() < until) && this.step());
  }

  /** The matches found so far, oldest first: all of them once it is done. */
  get length(): number {
    return this.found.length;
  }
  slice(start = 0, end = this.found.length): number[] {
    const out: number[] = [];
    const last = this.found.length - 1;
    for (let j = Math.max(0, start); j < Math.min(end, this.found.length); j++) {
      out.push(this.found[last - j]!);
    }
    return out;
  }
}
