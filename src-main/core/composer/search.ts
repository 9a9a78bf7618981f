// History search over the journal's api records: a case-insensitive substring of the method,
// URL, parameters, status, summary or response text. Newest first.
import type { ApiRecord, JournalRecord } from '../contract';

/** Response bodies past this size are searched in their first part only. */
const BODY_SEARCH_LIMIT = 1024 * 1024;

export function searchApiRecords(
  records: readonly JournalRecord[],
  query: string,
  options: { limit: number; profileId?: string | undefined },
): ApiRecord[] {
  const needle = query.trim().toLowerCase();
  const out: ApiRecord[] = [];
  for (let i = records.length - 1; i >= 0 && out.length < options.limit; i--) {
    const r = records[i];
    if (!r || r.kind !== 'api') continue;
    if (options.profileId && r.profileId !== options.profileId) continue;
    if (needle === '' || haystack(r).includes(needle)) out.push(r);
  }
  return out;
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
