// query_journal over a session other than the open one (a run's, a check's): the engine's log.query
// pages the open session's index, so another session is read as its export streams it, filtered
// by the engine and redacted on the way out, keeping only the page asked for. A session may hold a
// million records: nothing but that page and a count is held.
import { JournalRecord, type LogFilter, type LogRow } from '../../../src-shared/contract';
import { toRow } from '../../../src-shared/rules/log-filter';
import type { Core } from '../../core/index';

interface SessionPage {
  total: number;
  /** Index of the first row among the matches, from the oldest. */
  offset: number;
  rows: LogRow[];
}

/**
 * The matches of `filter` in session `sessionId`, `limit` of them from `offset` (from the oldest),
 * or the newest `limit` when no offset is given, oldest first, as log.query answers.
 */
export async function querySession(
  core: Core,
  sessionId: string,
  filter: LogFilter,
  limit: number,
  offset: number | undefined,
): Promise<SessionPage> {
  const { chunks } = await core.exportSession({ sessionId, format: 'ndjson', filter });
  let total = 0;
  let rows: LogRow[] = [];
  const keep = (row: LogRow) => {
    const index = total++;
    if (offset === undefined) {
      rows.push(row);
      // The newest `limit` so far: dropped in halves, not one by one, to stay linear.
      if (rows.length >= 2 * limit) rows = rows.slice(-limit);
    } else if (index >= offset && index < offset + limit) rows.push(row);
  };
  let rest = '';
  for await (const chunk of chunks) {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) readLine(line, keep);
  }
  readLine(rest, keep);
  if (offset === undefined) rows = rows.slice(-limit);
  return { total, offset: offset ?? Math.max(0, total - limit), rows };
}

function readLine(line: string, keep: (row: LogRow) => void): void {
  if (line.trim() === '') return;
  // The export writes records the engine read and kept: one that does not parse is skipped, as the
  // Event log skips an unreadable line.
  let parsed;
  try {
    parsed = JournalRecord.safeParse(JSON.parse(line));
  } catch {
    return;
  }
  if (parsed.success) keep(toRow(parsed.data));
}
