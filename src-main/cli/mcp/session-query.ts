// query_journal's pages, of the open session or another one (a run's, a check's): the session read
// as its export streams it, redacted on the way out, and filtered here after that. Not the Event
// log's log.query, nor the export's own filter: both read the records as written, and a record
// written before the engine knew a secret holds it in clear, which a row would show and a count of
// matches would tell an agent letter by letter. Only the page asked for and a count are kept: a
// session may hold a million records.
import {
  CommandError,
  JournalRecord,
  type LogFilter,
  type LogRow,
} from '../../../src-shared/contract';
import { compileFilter, toRow } from '../../../src-shared/rules/log-filter';
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
  const { chunks } = await exportOf(core, sessionId);
  const matches = compileFilter(filter);
  let total = 0;
  let rows: LogRow[] = [];
  const keep = (record: JournalRecord) => {
    if (!matches.test(record)) return;
    const row = toRow(record);
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
  // As log.query answers an offset past the end: the end.
  return { total, offset: Math.min(offset ?? Math.max(0, total - limit), total), rows };
}

/** The session's export, unfiltered; a session that does not exist is said in an agent's terms. */
async function exportOf(core: Core, sessionId: string) {
  try {
    return await core.exportSession({ sessionId, format: 'ndjson' });
  } catch (err) {
    if (!(err instanceof CommandError) || err.code !== 'not_found') throw err;
    throw new CommandError({
      code: 'not_found',
      message: `There is no session ${JSON.stringify(sessionId)}: a sessionId comes from run_collection's, run_scenario's, run_step's or check_endpoint's answer. Without one, query_journal reads the open session.`,
    });
  }
}

function readLine(line: string, keep: (record: JournalRecord) => void): void {
  if (line.trim() === '') return;
  // The export writes records the engine read and kept: one that does not parse is skipped, as the
  // Event log skips an unreadable line.
  let parsed;
  try {
    parsed = JournalRecord.safeParse(JSON.parse(line));
  } catch {
    return;
  }
  if (parsed.success) keep(parsed.data);
}
