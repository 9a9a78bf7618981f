// Which blocks of the journal's records cannot hold a searched text, so the full-text search reads
// only the others (docs/journal.md, "What is on disk, and why"). Each block of up to 128 neighbouring
// index entries keeps a 16,384-bit set of the trigrams of its lines (16 bytes a record in all), and a
// text whose trigrams are not all set in a block is in none of its lines.
//
// Only trigrams of three printable ASCII characters other than `"` and `\` are kept, folded to
// lower case. JSON.stringify (the journal's only writer) leaves those characters as they are in a
// line, and the search's case-insensitive RegExp (no `u` flag) matches an ASCII character only
// with itself in either case, so such a trigram of the text is, lowered, in the line of every
// record that holds the text. Trigrams with other characters (non-ASCII, quotes, backslashes,
// control characters) are left out of both sides: a text made only of those skips no block.
//
// Entries that no block covers (added out of order, or a segment reordered by seq) are never
// skipped: the filter only ever narrows what is read, and the search tests every line it reads.
import type { IndexColumns } from './journal-index';

export const BLOCK_RECORDS = 128;
const BLOCK_BITS = 16_384;
const WORDS = BLOCK_BITS / 32;
const HASH_SHIFT = 32 - Math.log2(BLOCK_BITS);

/** The byte lowered when it is kept in a trigram; 0 when it breaks one. */
const FOLD = new Uint8Array(256);
for (let c = 0x20; c < 0x7f; c++) {
  if (c !== 0x22 && c !== 0x5c) FOLD[c] = c >= 0x41 && c <= 0x5a ? c + 0x20 : c;
}
const bitOf = (trigram: number) => Math.imul(trigram, 0x9e3779b1) >>> HASH_SHIFT;

/**
 * Sets the bits of `text`'s trigrams in the block of `bits` that starts at word `at`: into a
 * block's own words as a line is added, into words of its own for a searched text.
 */
function setTextBits(text: string, bits: Int32Array, at: number): void {
  let trigram = 0;
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const f = code < 0x80 ? FOLD[code]! : 0;
    trigram = ((trigram << 8) | f) & 0xffffff;
    run = f === 0 ? 0 : run + 1;
    if (run >= 3) {
      const bit = bitOf(trigram);
      bits[at + (bit >>> 5)]! |= 1 << (bit & 31);
    }
  }
}

/** The bits a text's trigrams set (each once, ascending); empty when it has none the filter keeps. */
export function textTrigramBits(text: string): number[] {
  const words = new Int32Array(WORDS);
  setTextBits(text, words, 0);
  const bits: number[] = [];
  for (let w = 0; w < WORDS; w++) {
    const word = words[w]!;
    if (word === 0) continue;
    for (let b = 0; b < 32; b++) if (word & (1 << b)) bits.push(w * 32 + b);
  }
  return bits;
}

export class BlockTextFilter {
  blocks = 0;
  /** The first entry of each block and how many neighbours after it the block holds. */
  starts = new Uint32Array(0);
  counts = new Uint16Array(0);
  bits = new Int32Array(0);

  /** Adds entry `entry`'s line, the bytes [start, stop) of `line`. */
  addBytes(entry: number, line: Uint8Array, start: number, stop: number): void {
    const at = this.blockFor(entry) * WORDS;
    const bits = this.bits;
    let trigram = 0;
    let run = 0;
    for (let i = start; i < stop; i++) {
      const f = FOLD[line[i]!]!;
      trigram = ((trigram << 8) | f) & 0xffffff;
      run = f === 0 ? 0 : run + 1;
      if (run >= 3) {
        const bit = bitOf(trigram);
        bits[at + (bit >>> 5)]! |= 1 << (bit & 31);
      }
    }
  }

  /** Adds entry `entry`'s line as the string it was written from (the same trigrams as its bytes). */
  addText(entry: number, line: string): void {
    // The block first: a new one can grow (replace) this.bits.
    const at = this.blockFor(entry) * WORDS;
    setTextBits(line, this.bits, at);
  }

  /** Forgets every block: nothing is skipped until entries are added again. */
  clear(): void {
    this.blocks = 0;
    this.bits.fill(0);
  }

  /**
   * Pushes onto `out` the candidates [from, to) (ascending entries of this filter's segment, plus
   * `base`) that a block does not rule out for a text with these trigram bits: those whose block
   * has every bit set, and those no block covers.
   */
  keep(
    candidates: readonly number[],
    from: number,
    to: number,
    base: number,
    textBits: readonly number[],
    out: number[],
  ): void {
    let b = 0;
    let decided = -1;
    let holds = true;
    for (let k = from; k < to; k++) {
      const c = candidates[k]!;
      const entry = c - base;
      while (b < this.blocks && this.starts[b]! + this.counts[b]! <= entry) b++;
      if (b >= this.blocks || this.starts[b]! > entry) {
        out.push(c);
        continue;
      }
      if (decided !== b) {
        decided = b;
        holds = this.holds(b, textBits);
      }
      if (holds) out.push(c);
    }
  }

  /** Pushes the entries [0, length) of the segment, plus `base`, that no block rules out. */
  keepAll(length: number, base: number, textBits: readonly number[], out: number[]): void {
    let next = 0;
    for (let b = 0; b < this.blocks; b++) {
      const start = this.starts[b]!;
      const end = Math.min(length, start + this.counts[b]!);
      for (; next < Math.min(start, length); next++) out.push(base + next);
      if (textBits.length === 0 || this.holds(b, textBits)) {
        for (let e = start; e < end; e++) out.push(base + e);
      }
      next = Math.max(next, end);
    }
    for (; next < length; next++) out.push(base + next);
  }

  private holds(block: number, textBits: readonly number[]): boolean {
    const at = block * WORDS;
    for (const bit of textBits) {
      if ((this.bits[at + (bit >>> 5)]! & (1 << (bit & 31))) === 0) return false;
    }
    return true;
  }

  /** The block entry `entry` goes in: the last one when it follows it, else a new one. */
  private blockFor(entry: number): number {
    const last = this.blocks - 1;
    if (last >= 0) {
      const end = this.starts[last]! + this.counts[last]!;
      if (entry === end && this.counts[last]! < BLOCK_RECORDS) {
        this.counts[last]!++;
        return last;
      }
      // Entries come in order; one that does not leaves the blocks unordered: start over.
      if (entry < end) this.clear();
    }
    if (this.blocks === this.starts.length) this.grow(Math.max(64, this.blocks * 2));
    const b = this.blocks++;
    this.starts[b] = entry;
    this.counts[b] = 1;
    return b;
  }

  grow(capacity: number): void {
    if (capacity <= this.starts.length) return;
    const starts = new Uint32Array(capacity);
    starts.set(this.starts.subarray(0, this.blocks));
    const counts = new Uint16Array(capacity);
    counts.set(this.counts.subarray(0, this.blocks));
    const bits = new Int32Array(capacity * WORDS);
    bits.set(this.bits.subarray(0, this.blocks * WORDS));
    this.starts = starts;
    this.counts = counts;
    this.bits = bits;
  }
}

// Each segment of the index has its filter, kept beside it rather than in it: the index's columns
// are one thing a filter is made from, not what it is.
const filters = new WeakMap<IndexColumns, BlockTextFilter>();

export function textFilterOf(segment: IndexColumns): BlockTextFilter {
  let filter = filters.get(segment);
  if (!filter) {
    filter = new BlockTextFilter();
    filters.set(segment, filter);
  }
  return filter;
}

/** Sorts the segment by seq (IndexColumns.sortBySeq); a reorder drops its blocks, now wrong. */
export function sortBySeqKeepingText(segment: IndexColumns): void {
  for (let i = 1; i < segment.length; i++) {
    if (segment.seq[i - 1]! > segment.seq[i]!) {
      segment.sortBySeq();
      textFilterOf(segment).clear();
      return;
    }
  }
}

/** The blocks of the segments, one after the other, as the saved index holds them: raw arrays. */
export function savedTextBlocks(segments: readonly IndexColumns[]): {
  blocks: number;
  arrays: Uint8Array[];
} {
  let blocks = 0;
  let base = 0;
  const starts: number[] = [];
  const counts: Uint16Array[] = [];
  const bits: Uint8Array[] = [];
  for (const segment of segments) {
    const f = textFilterOf(segment);
    for (let b = 0; b < f.blocks; b++) starts.push(f.starts[b]! + base);
    counts.push(f.counts.subarray(0, f.blocks));
    bits.push(new Uint8Array(f.bits.buffer, 0, f.blocks * WORDS * 4));
    blocks += f.blocks;
    base += segment.length;
  }
  const countBytes = new Uint16Array(blocks);
  let at = 0;
  for (const c of counts) {
    countBytes.set(c, at);
    at += c.length;
  }
  return {
    blocks,
    arrays: [
      new Uint8Array(Uint32Array.from(starts).buffer),
      new Uint8Array(countBytes.buffer),
      ...bits,
    ],
  };
}

/** How many bytes `blocks` saved blocks take (savedTextBlocks' arrays). */
export const savedTextBytes = (blocks: number) => blocks * (4 + 2 + WORDS * 4);

/** Gives `segment` the blocks saved in `bytes` (savedTextBlocks' arrays, one after the other). */
export function loadTextBlocks(segment: IndexColumns, blocks: number, bytes: Uint8Array): void {
  const f = textFilterOf(segment);
  f.clear();
  f.grow(blocks);
  let at = 0;
  const take = (into: Uint8Array) => {
    into.set(bytes.subarray(at, at + into.length));
    at += into.length;
  };
  take(new Uint8Array(f.starts.buffer, 0, blocks * 4));
  take(new Uint8Array(f.counts.buffer, 0, blocks * 2));
  take(new Uint8Array(f.bits.buffer, 0, blocks * WORDS * 4));
  f.blocks = blocks;
}
