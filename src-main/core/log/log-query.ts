// log.query over the active session's journal: the matches of a filter as indices into the
// journal's records, cached per filter and extended with what was appended since, so paging
// through 100,000 records (the virtual list asks page after page) scans the journal once per
// filter, not once per page. The records are append-only within a session; a switch of session
// (another file, another first record) starts the cache over.
import type { z } from 'zod';
import type {
  JournalRecord,
  LogFacets,
  LogQueryInput,
  LogQueryOutput,
} from '../../../src-shared/contract';
import type { Journal } from './journal';
import { compileFilter, recordUser, toRow } from '../../../src-shared/rules/log-filter';

type QueryInput = z.output<typeof LogQueryInput>;

interface Matches {
  /** Which journal (path and its first record) the indices point into. */
  path: string;
  first: JournalRecord | undefined;
  scanned: number;
  indices: number[];
}

/** Filters kept: typing a search makes one per keystroke, and only the latest few are paged. */
const CACHED_FILTERS = 8;
const FACET_CAP = 200;

export interface LogQuery {
  query(input: QueryInput): LogQueryOutput;
}

export function createLogQuery(journal: Journal): LogQuery {
  const cache = new Map<string, Matches>();
  const facets = {
    path: '',
    first: undefined as JournalRecord | undefined,
    scanned: 0,
    sets: emptyFacetSets(),
  };

  const sameJournal = (
    m: { path: string; first: JournalRecord | undefined },
    all: JournalRecord[],
  ) => m.path === journal.path && m.first === all[0];

  function matchesFor(input: QueryInput, all: JournalRecord[]): Matches {
    const key = JSON.stringify(input.filter);
    let m = cache.get(key);
    if (!m || !sameJournal(m, all) || m.scanned > all.length) {
      m = { path: journal.path, first: all[0], scanned: 0, indices: [] };
    }
    cache.delete(key);
    cache.set(key, m); // most recently used last
    while (cache.size > CACHED_FILTERS) cache.delete(cache.keys().next().value!);
    if (m.scanned < all.length) {
      const filter = compileFilter(input.filter);
      for (let i = m.scanned; i < all.length; i++) if (filter.test(all[i]!)) m.indices.push(i);
      m.scanned = all.length;
    }
    return m;
  }

  function facetsFor(all: JournalRecord[]): LogFacets {
    if (!sameJournal(facets, all) || facets.scanned > all.length) {
      Object.assign(facets, { path: journal.path, first: all[0], scanned: 0 });
      facets.sets = emptyFacetSets();
    }
    for (let i = facets.scanned; i < all.length; i++) addFacets(facets.sets, all[i]!);
    facets.scanned = all.length;
    const out = {} as LogFacets;
    for (const [k, set] of Object.entries(facets.sets)) {
      out[k as keyof LogFacets] = [...set].sort((a, b) => a.localeCompare(b));
    }
    return out;
  }

  return {
    query(input) {
      const all = journal.list({ limit: Number.MAX_SAFE_INTEGER });
      const { indices } = matchesFor(input, all);
      const total = indices.length;
      const offset =
        input.offset === undefined
          ? Math.max(0, total - input.limit)
          : Math.min(input.offset, total);
      const rows = indices.slice(offset, offset + input.limit).map((i) => toRow(all[i]!));
      return {
        total,
        offset,
        rows,
        throughSeq: all.at(-1)?.seq ?? 0,
        ...(input.facets ? { facets: facetsFor(all) } : {}),
      };
    },
  };
}

function emptyFacetSets(): Record<keyof LogFacets, Set<string>> {
  return {
    eventTypes: new Set(),
    msgTypes: new Set(),
    users: new Set(),
    rooms: new Set(),
    contacts: new Set(),
  };
}

function addFacets(sets: Record<keyof LogFacets, Set<string>>, r: JournalRecord) {
  const add = (set: Set<string>, v: string | undefined) => {
    if (v && set.size < FACET_CAP) set.add(v);
  };
  add(sets.users, recordUser(r));
  if (r.kind === 'api') add(sets.contacts, r.api.requestParams.contact_id);
  if (r.kind !== 'delivery') return;
  const c = r.delivery.classification;
  add(sets.eventTypes, c.type);
  add(sets.msgTypes, c.msgType);
  add(sets.rooms, c.roomId);
  add(sets.contacts, c.contactId);
}
