// The event log's engine side beyond log.list: filtered, searched pages for the virtual list
// (core/log/log-query.ts) and single records in full for the detail pane.
import type { HandlerGroup } from '../dispatch';
import { createLogQuery } from './log-query';
import type { Services } from '../services';

export function logHandlers(s: Services): HandlerGroup<'log.query' | 'log.get'> {
  const queries = createLogQuery(s.journal);
  return {
    'log.query': async (input) => queries.query(input),
    'log.get': async ({ seq }) => ({ record: s.journal.get(seq) ?? null }),
  };
}
