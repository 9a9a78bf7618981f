// A check's deliveries read back from its run's session (endpointCheck.exchanges), which is not
// the open one once the run has ended: the app shows them in place, under the check.
import { CommandError, type ApiRecord } from '../../../src-shared/contract';
import { records } from '../log';
import type { Services } from '../services';

export async function readCheckExchanges(
  s: Pick<Services, 'sessions' | 'redactor'>,
  sessionId: string,
  seqs: number[],
): Promise<ApiRecord[]> {
  const wanted = new Set(seqs);
  let source: ReturnType<Services['sessions']['lines']>;
  try {
    source = s.sessions.lines(sessionId);
  } catch {
    throw new CommandError({
      code: 'not_found',
      message: `The check's session ${sessionId} is not in the journal any more (deleted?): its deliveries cannot be shown. Run the check again.`,
    });
  }
  const found: ApiRecord[] = [];
  for await (const record of records(source.lines, { redactor: s.redactor })) {
    if (record.kind !== 'api' || !wanted.has(record.seq)) continue;
    found.push(record);
    wanted.delete(record.seq);
    if (wanted.size === 0) break;
  }
  return found;
}
