// The event log's engine side: the newest records (log.list), filtered, searched pages for the
// virtual list (core/log/log-query.ts) and single records in full for the detail pane.
import type { logCommands } from '../../../src-shared/contract';
import type { HandlerGroup } from '../dispatch';
import { createLogQuery } from './log-query';
import type { Services } from '../services';

export function logHandlers(s: Pick<Services, 'journal'>): HandlerGroup<keyof typeof logCommands> {
  const queries = createLogQuery(s.journal);
  return {
    'log.list': async ({ beforeSeq, limit }) => ({
      records: s.journal.list({ beforeSeq, limit }),
      lastSeq: s.journal.lastSeq(),
    }),
    'log.query': async (input) => queries.query(input),
    'log.get': async ({ seq }) => ({ record: s.journal.get(seq) ?? null }),
  };
}
