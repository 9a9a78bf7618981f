// History search over the journal's api records: each whitespace-separated word of the query is a
// case-insensitive substring of the method, URL, parameters, status, summary or response text, and
// a call matches when every word does (anywhere in it: "contact 429"). Newest first.
import type { ApiRecord, JournalRecord } from '../../../src-shared/contract';
import { type Journal, KINDS } from '../log';

const API = KINDS.indexOf('api');
/** API records read from the file at a time, newest first, until enough match. */
const BATCH = 256;

/**
 * searchApiRecords over the whole journal without holding it: the index says which records are
 * API calls (of the profile), and those are read from the file a batch at a time, newest first.
 */
export function searchJournal(
  journal: Journal,
  query: string,
  options: { limit: number; profileId?: string | undefined },
): ApiRecord[] {
  const { segments, dictionaries } = journal.index();
  const profile = options.profileId ? dictionaries.profiles.find(options.profileId) : 0;
  const out: ApiRecord[] = [];
  for (let s = segments.length - 1; s >= 0 && out.length < options.limit; s--) {
    const segment = segments[s]!;
    let batch: number[] = [];
    const run = () => {
      const records = batch.reverse().flatMap((i) => journal.read(segment, i, i + 1));
      out.push(
        ...searchApiRecords(records, query, { ...options, limit: options.limit - out.length }),
      );
      batch = [];
    };
    for (let i = segment.length - 1; i >= 0 && out.length < options.limit; i--) {
      if (segment.kind[i] !== API || (profile !== 0 && segment.profile[i] !== profile)) continue;
      batch.push(i);
      if (batch.length === BATCH) run();
    }
    if (batch.length > 0 && out.length < options.limit) run();
  }
  return out;
}

/** Response bodies past this size are searched in their first part only. */
const BODY_SEARCH_LIMIT = 1024 * 1024;

export function searchApiRecords(
  records: readonly JournalRecord[],
  query: string,
  options: { limit: number; profileId?: string | undefined },
): ApiRecord[] {
  const words = searchWords(query);
  const out: ApiRecord[] = [];
  for (let i = records.length - 1; i >= 0 && out.length < options.limit; i--) {
    const r = records[i];
    if (!r || r.kind !== 'api') continue;
    if (options.profileId && r.profileId !== options.profileId) continue;
    if (words.length === 0) out.push(r);
    else {
      const text = haystack(r);
      if (words.every((w) => text.includes(w))) out.push(r);
    }
  }
  return out;
}

/** The query's words, lower-cased: "Contact  429" → ["contact", "429"]. */
function searchWords(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter(Boolean);
}

function haystack(r: ApiRecord): string {
  const { api } = r;
  const body =
    api.responseBody?.encoding === 'utf8' ? api.responseBody.text.slice(0, BODY_SEARCH_LIMIT) : '';
  return [
    r.summary,
    api.method,
    api.url,
    String(api.status ?? ''),
    ...Object.entries(api.requestParams).map(([k, v]) => `${k}=${v}`),
    body,
    api.error ?? '',
  ]
    .join('\n')
    .toLowerCase();
}
