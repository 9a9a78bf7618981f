// The event log's full-text search over the journal's file. The candidates (the records that pass
// the filter's other fields) are first narrowed to the blocks whose trigrams can hold the text
// (block-text-filter.ts), then read in windows of neighbouring lines; for a plain ASCII text the
// window is searched first as bytes (a case-insensitive RegExp over its Latin-1 decoding, which
// finds every line whose JSON holds the text: JSON.stringify, the journal's only writer, leaves such
// text as it is). A line whose match is in a field the search looks in is a match as it is
// (log-text-field.ts); the other lines it finds are parsed and tested with the filter itself
// (src-shared/rules/log-filter.ts), so the count is exactly the plain scan's. Other text (quotes,
// backslashes, non-ASCII) has every candidate parsed and tested.
import type { JournalRecord } from '../../../src-shared/contract';
import type { IndexColumns } from './journal-index';
import type { Journal, JournalIndex } from './journal';
import { textFilterOf, textTrigramBits } from './block-text-filter';
import { matchInSearchedField } from './log-text-field';

const WINDOW_BYTES = 4 * 1024 * 1024;
/** Candidates further apart than this are read apart: sparse ones (a status filter's) read less. */
const GAP_BYTES = 8 * 1024;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The candidates (positions, in order) that a block of the index does not rule out for `text`. */
export function narrowByBlocks(index: JournalIndex, candidates: number[], text: string): number[] {
  const bits = textTrigramBits(text);
  if (bits.length === 0) return candidates;
  const [early, late] = index.segments;
  let split = 0;
  for (let lo = 0, hi = candidates.length; lo < hi;) {
    const mid = (lo + hi) >>> 1;
    if (candidates[mid]! < early.length) lo = split = mid + 1;
    else hi = mid;
  }
  const out: number[] = [];
  textFilterOf(early).keep(candidates, 0, split, 0, bits, out);
  textFilterOf(late).keep(candidates, split, candidates.length, early.length, bits, out);
  return out;
}

/** Every position (in order) that a block of the index does not rule out for `text`. */
export function blocksHolding(index: JournalIndex, text: string): number[] {
  const bits = textTrigramBits(text);
  const [early, late] = index.segments;
  const out: number[] = [];
  textFilterOf(early).keepAll(early.length, 0, bits, out);
  textFilterOf(late).keepAll(late.length, early.length, bits, out);
  return out;
}

/** The candidates (positions, in order) whose record passes `confirm`, in order. */
export function textMatches(
  journal: Journal,
  index: JournalIndex,
  candidates: number[],
  text: string,
  confirm: (record: JournalRecord) => boolean,
): number[] {
  // Printable ASCII but the two characters JSON escapes: the text is in the line as it is.
  const plain = /^[\x20-\x21\x23-\x5b\x5d-\x7e]+$/.test(text);
  const finder = plain ? new RegExp(escapeRegExp(text), 'gi') : null;
  const out: number[] = [];
  const [early] = index.segments;
  let k = 0;
  while (k < candidates.length) {
    const first = candidates[k]!;
    const [segment, base] = first < early.length ? [early, 0] : [index.segments[1], early.length];
    // The window: candidates of this segment whose lines fit in WINDOW_BYTES from the first's.
    const start = segment.offset[first - base]!;
    let end = k + 1;
    while (end < candidates.length) {
      const i = candidates[end]! - base;
      if (i >= segment.length || segment.offset[i]! + segment.bytes[i]! - start > WINDOW_BYTES)
        break;
      if (segment.offset[i]! - lineEnd(segment, candidates[end - 1]! - base) > GAP_BYTES) break;
      end++;
    }
    const lastI = candidates[end - 1]! - base;
    const bytes = journal.bytes(start, segment.offset[lastI]! + segment.bytes[lastI]! - start);
    const test = (c: number) => {
      const i = c - base;
      const at = segment.offset[i]! - start;
      try {
        const record = JSON.parse(
          bytes.toString('utf8', at, at + segment.bytes[i]!),
        ) as JournalRecord;
        if (confirm(record)) out.push(c);
      } catch {
        // A line the schema would refuse: the plain scan does not count it either.
      }
    };
    if (!finder) {
      for (let c = k; c < end; c++) test(candidates[c]!);
    } else {
      const haystack = bytes.toString('latin1');
      finder.lastIndex = 0;
      let c = k;
      for (let m = finder.exec(haystack); m; m = finder.exec(haystack)) {
        // The candidate whose line holds the match, if any (lines between candidates are skipped).
        const at = start + m.index;
        while (c < end && lineEnd(segment, candidates[c]! - base) <= at) c++;
        if (c >= end) break;
        if (segment.offset[candidates[c]! - base]! > at) {
          finder.lastIndex = segment.offset[candidates[c]! - base]! - start;
          continue;
        }
        // The candidates passed the filter's other fields on the index: only the text was left.
        const i = candidates[c]! - base;
        const from = segment.offset[i]! - start;
        if (
          matchInSearchedField(bytes, from, from + segment.bytes[i]!, m.index, segment.kind[i]!)
        ) {
          out.push(candidates[c]!);
        } else {
          test(candidates[c]!);
        }
        finder.lastIndex = lineEnd(segment, candidates[c]! - base) - start;
        c++;
      }
    }
    k = end;
  }
  return out;
}

const lineEnd = (segment: IndexColumns, i: number) => segment.offset[i]! + segment.bytes[i]!;
