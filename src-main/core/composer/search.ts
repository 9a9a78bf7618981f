// History search over the journal's api records: each whitespace-separated word of the query is a
// case-insensitive substring of the method, URL, parameters, status, summary or response text, and
// a call matches when every word does (anywhere in it: "contact 429"). Newest first.
import type { ApiRecord, JournalRecord } from '../../../src-shared/contract';

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
export function searchWords(query: string): string[] {
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
