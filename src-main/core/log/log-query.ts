// log.query over the active session's journal. The filters the pane offers are tests on the
// journal's index columns (journal-index.ts), the full-text search reads the matching lines from
// the file (log-text-search.ts), and a page reads only the rows it returns. The matches of a
// filter are kept as positions among the index's entries, cached per filter and extended with what
// was appended since, so paging through a million records scans once per filter, not once per
// page. A full-text search is answered from the newest matches and counted to the end in the
// background (log-text-count.ts), the answer saying so (`counting`) until the count is exact.
// While the index is still being built (the first opening of a large journal) the answer covers
// what is indexed so far and says so (`indexing`), and nothing is cached: positions move as the
// index grows.
import type { z } from 'zod';
import type {
  JournalRecord,
  LogFacets,
  LogRow,
  LogQueryInput,
  LogQueryOutput,
} from '../../../src-shared/contract';
import { compileFilter, toRow } from '../../../src-shared/rules/log-filter';
import type { Journal, JournalIndex } from './journal';
import { compileColumns } from './log-columns';
import { TextCount } from './log-text-count';
import { blocksHolding, narrowByBlocks, textMatches } from './log-text-search';

type QueryInput = z.output<typeof LogQueryInput>;

interface Matches {
  /** Which opening of a journal the positions point into. */
  opened: number;
  scanned: number;
  /** The matches in [0, scanned) once counted, or those after the count's candidates. */
  positions: number[];
  /** A text search still counting its matches among the records before the first query. */
  counting: TextCount | null;
}

/** Filters kept: typing a search makes one per keystroke, and only the latest few are paged. */
const CACHED_FILTERS = 8;
const FACET_CAP = 200;
/** A text search's first answer goes on counting this long once its newest page is found. */
const COUNT_BUDGET_MS = 20;
/** The background count yields to other work (queries, deliveries) this often. */
const SLICE_MS = 25;

export interface LogQuery {
  query(input: QueryInput): LogQueryOutput;
}

export function createLogQuery(journal: Journal): LogQuery {
  const cache = new Map<string, Matches>();

  /** Positions in [from, total) that pass the filter, in order. */
  function scan(input: QueryInput, index: JournalIndex, from: number): number[] {
    const candidates = columnMatches(input, index, from);
    const text = input.filter.text?.trim();
    return text ? confirm(input, index, narrowByBlocks(index, candidates, text)) : candidates;
  }

  /** Which of the candidates' records hold the filter's text (and pass the rest of it). */
  function confirm(input: QueryInput, index: JournalIndex, candidates: number[]): number[] {
    const full = compileFilter(input.filter);
    const text = input.filter.text!.trim();
    return textMatches(journal, index, candidates, text, (r: JournalRecord) => full.test(r));
  }

  /** Positions in [from, total) that pass the filter's fields other than the text, in order. */
  function columnMatches(input: QueryInput, index: JournalIndex, from: number): number[] {
    const test = compileColumns(input.filter, index.dictionaries);
    const out: number[] = [];
    let base = 0;
    for (const segment of index.segments) {
      const passes = test(segment);
      for (let i = Math.max(0, from - base); i < segment.length; i++) {
        if (passes(i)) out.push(base + i);
      }
      base += segment.length;
    }
    return out;
  }

  let background: Matches | null = null;
  /** Counts a text search's matches to the end, a slice at a time, while it is the latest one. */
  function countInBackground(m: Matches) {
    if (background === m) return;
    background = m;
    const slice = () => {
      const counting = m.counting;
      if (background !== m || !counting) return;
      try {
        const current = [...cache.values()].includes(m) && journal.index().opened === m.opened;
        if (current) counting.run(0, SLICE_MS);
        if (current && !counting.done) {
          setImmediate(slice);
          return;
        }
        if (counting.done) finishCount(m);
      } catch {
        // The journal was closed (a session switch): the next query of this filter starts over.
        cache.forEach((v, k) => v === m && cache.delete(k));
      }
      background = null;
    };
    setImmediate(slice);
  }
  const finishCount = (m: Matches) => {
    m.positions = [...m.counting!.slice(), ...m.positions];
    m.counting = null;
  };

  function matchesFor(
    input: QueryInput,
    index: ReturnType<Journal['index']>,
    total: number,
  ): { positions: Positions; counting?: { done: number; total: number } } {
    const { afterSeq, ...narrowing } = input.filter;
    if (!isFiltered(narrowing)) {
      // Everything after a seq (the view's Clear, or nothing at all): a range, nothing to scan.
      const [early, late] = index.segments;
      const from =
        afterSeq === undefined
          ? 0
          : early.lowerBound(afterSeq + 1) < early.length
            ? early.lowerBound(afterSeq + 1)
            : early.length + late.lowerBound(afterSeq + 1);
      return { positions: new Range(from, total) };
    }
    const text = input.filter.text?.trim();
    /** The search's count over every record indexed so far, from the newest back. */
    const textCount = (t: string) => {
      const onlyText = !isFiltered({ ...narrowing, text: undefined }) && afterSeq === undefined;
      const candidates = onlyText
        ? blocksHolding(index, t)
        : narrowByBlocks(index, columnMatches(input, index, 0), t);
      return new TextCount(candidates, (some) => confirm(input, index, some));
    };
    if (index.indexing) {
      if (!text) return { positions: scan(input, index, 0) };
      // Nothing is kept while the index grows: the view asks again, and this count starts over.
      const partial = textCount(text);
      partial.run(input.limit, COUNT_BUDGET_MS);
      return { positions: partial, ...(partial.done ? {} : { counting: partial.progress }) };
    }
    const key = JSON.stringify(input.filter);
    let m = cache.get(key);
    if (!m || m.opened !== index.opened || m.scanned > total) {
      m = { opened: index.opened, scanned: 0, positions: [], counting: null };
      if (text) {
        m.counting = textCount(text);
        m.scanned = total;
      }
    }
    cache.delete(key);
    cache.set(key, m); // most recently used last
    while (cache.size > CACHED_FILTERS) cache.delete(cache.keys().next().value!);
    if (m.scanned < total) {
      for (const p of scan(input, index, m.scanned)) m.positions.push(p);
      m.scanned = total;
    }
    const counting = m.counting;
    if (!counting) return { positions: m.positions };
    counting.run(input.limit, COUNT_BUDGET_MS);
    if (counting.done) {
      finishCount(m);
      return { positions: m.positions };
    }
    countInBackground(m);
    return { positions: new Joined(counting, m.positions), counting: counting.progress };
  }

  /** The records at these positions, read in runs of neighbours. */
  function rowsAt(index: JournalIndex, positions: number[]) {
    const [early, late] = index.segments;
    const rows: LogRow[] = [];
    for (let k = 0; k < positions.length;) {
      const p = positions[k]!;
      const [segment, base] = p < early.length ? [early, 0] : [late, early.length];
      let end = k + 1;
      while (
        end < positions.length &&
        positions[end] === positions[end - 1]! + 1 &&
        positions[end]! - base < segment.length
      ) {
        end++;
      }
      const from = p - base;
      journal.read(segment, from, positions[end - 1]! - base + 1, true).forEach((r, k) => {
        try {
          rows.push(toRow(r));
        } catch {
          // Not the shape toRow reads (a hand edit): the checked read says what is wrong with it.
          rows.push(toRow(journal.read(segment, from + k, from + k + 1)[0]!));
        }
      });
      k = end;
    }
    return rows;
  }

  return {
    query(input) {
      const index = journal.index();
      const [early, late] = index.segments;
      const total = early.length + late.length;
      const { positions, counting } = matchesFor(input, index, total);
      const count = positions.length;
      const offset =
        input.offset === undefined
          ? Math.max(0, count - input.limit)
          : Math.min(input.offset, count);
      const last = late.length > 0 ? late.seq[late.length - 1]! : early.seq[early.length - 1];
      return {
        total: count,
        offset,
        rows: rowsAt(index, positions.slice(offset, offset + input.limit)),
        throughSeq: last ?? 0,
        ...(input.facets ? { facets: facetsOf(index) } : {}),
        ...(index.indexing ? { indexing: index.indexing } : {}),
        ...(counting ? { counting } : {}),
      };
    },
  };
}

/** Positions of the matches, in order: an array, or a range when every record after one matches. */
type Positions = Pick<number[], 'length' | 'slice'>;
class Range implements Positions {
  constructor(
    private readonly from: number,
    private readonly to: number,
  ) {}
  get length() {
    return Math.max(0, this.to - this.from);
  }
  slice(start = 0, end = this.length): number[] {
    const out: number[] = [];
    for (let p = this.from + start; p < Math.min(this.to, this.from + end); p++) out.push(p);
    return out;
  }
}

/** The matches counted so far, then those appended since the count began. */
class Joined implements Positions {
  constructor(
    private readonly older: Positions,
    private readonly newer: number[],
  ) {}
  get length() {
    return this.older.length + this.newer.length;
  }
  slice(start = 0, end = this.length): number[] {
    const split = this.older.length;
    return [
      ...this.older.slice(start, Math.min(end, split)),
      ...this.newer.slice(Math.max(0, start - split), Math.max(0, end - split)),
    ];
  }
}

/** Whether a filter narrows anything (empty values do not, as compileFilter reads them). */
function isFiltered(filter: Partial<QueryInput['filter']>): boolean {
  return Object.values(filter).some(
    (v) =>
      v !== undefined &&
      !(typeof v === 'string' && v.trim() === '') &&
      !(Array.isArray(v) && v.length === 0),
  );
}

/** The values seen in the session, from the index's dictionaries (the first 200 of each). */
function facetsOf(index: JournalIndex): LogFacets {
  const d = index.dictionaries;
  const of = (values: string[]) =>
    values
      .filter(Boolean)
      .slice(0, FACET_CAP)
      .sort((a, b) => a.localeCompare(b));
  return {
    eventTypes: of(d.eventTypes.values),
    msgTypes: of(d.msgTypes.values),
    users: of(d.users.values),
    rooms: of(d.rooms.values),
    contacts: of(d.contacts.values),
    profiles: of(d.profiles.values),
  };
}
