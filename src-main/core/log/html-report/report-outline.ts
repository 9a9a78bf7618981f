// What a session's HTML report says before its records, and what links them, gathered in a first
// pass over the records (the report is written as it is read, so the top cannot wait for the
// end): the count of each kind and of each outcome, the records that need attention, the later
// records that point back at a delivery (its repeats, replays and forwards), and which deliveries
// an edited replay is compared with. Each list is capped so that the memory a report takes stays
// small whatever the session (a million deliveries forwarded make a million links).
import type { JournalRecord, SignatureOutcome } from '../../../../src-shared/contract';
import { problemsOf, type Problem, type ProblemCategory } from './record-problem';

/** Records listed per category at the top; the rest are counted ("and 12 more"). */
export const LISTED_PER_CATEGORY = 100;
/** Links back to a delivery remembered in all, and per delivery. */
const MAX_LINKS = 50_000;
const MAX_LINKS_PER_RECORD = 20;

export interface ListedProblem extends Problem {
  seq: number;
  summary: string;
}

/** A later record pointing at this one: "Replayed as #30", "Forwarded #31". */
interface BackLink {
  seq: number;
  words: string;
}

export interface ReportOutline {
  add(record: JournalRecord): void;
  readonly total: number;
  /** Records of each kind, in the order the kinds first came. */
  readonly kinds: Map<string, number>;
  /** Records by the category they are listed under (none: went as expected). */
  readonly outcomes: Map<ProblemCategory, number>;
  /** Deliveries by signature outcome. */
  readonly signatures: Map<SignatureOutcome, number>;
  /** Up to LISTED_PER_CATEGORY records of each category, in session order. */
  readonly listed: Map<ProblemCategory, ListedProblem[]>;
  backLinks(seq: number): { links: BackLink[]; more: number };
  /** Whether links were left out past MAX_LINKS (the report says so). */
  readonly linksCapped: boolean;
  /** The deliveries an edited replay replays: their data is kept to compare with. */
  readonly replayed: ReadonlySet<number>;
}

export function createOutline(): ReportOutline {
  const kinds = new Map<string, number>();
  const outcomes = new Map<ProblemCategory, number>();
  const signatures = new Map<SignatureOutcome, number>();
  const listed = new Map<ProblemCategory, ListedProblem[]>();
  const links = new Map<number, { links: BackLink[]; more: number }>();
  const replayed = new Set<number>();
  let total = 0;
  let linkCount = 0;
  let linksCapped = false;
  const bump = <K>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1);
  const link = (target: number, seq: number, words: string) => {
    const entry = links.get(target) ?? { links: [], more: 0 };
    if (entry.links.length >= MAX_LINKS_PER_RECORD || linkCount >= MAX_LINKS) {
      entry.more++;
      linksCapped ||= linkCount >= MAX_LINKS;
    } else {
      entry.links.push({ seq, words });
      linkCount++;
    }
    links.set(target, entry);
  };
  return {
    add(r) {
      total++;
      bump(kinds, r.kind);
      const [first] = problemsOf(r);
      if (first) {
        bump(outcomes, first.category);
        const list = listed.get(first.category) ?? [];
        if (list.length < LISTED_PER_CATEGORY)
          list.push({ ...first, seq: r.seq, summary: r.summary });
        listed.set(first.category, list);
      }
      if (r.kind === 'delivery') {
        const d = r.delivery;
        bump(signatures, d.verification.outcome);
        if (d.replayOf !== undefined) {
          link(d.replayOf, r.seq, d.replayEdit?.edited ? 'replayed edited as' : 'replayed as');
          if (d.replayEdit?.edited) replayed.add(d.replayOf);
        } else if (d.repeatOf !== undefined) link(d.repeatOf, r.seq, 'repeated by');
      }
      if (r.kind === 'forward') {
        const f = r.forward;
        link(f.deliverySeq, r.seq, f.why === 'replay' ? 'replayed to a URL by' : 'forwarded by');
      }
    },
    get total() {
      return total;
    },
    kinds,
    outcomes,
    signatures,
    listed,
    backLinks: (seq) => links.get(seq) ?? { links: [], more: 0 },
    get linksCapped() {
      return linksCapped;
    },
    replayed,
  };
}
