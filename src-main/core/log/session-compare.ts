// sessions.compare: two journal sessions read record by record (an archived one unpacked on the
// way), each tallied (src-shared/rules/session-tally.ts), never held whole: a session may hold a
// million records. What it lists is redacted as an export is.
import type { CommandInput, CommandOutput } from '../../../src-shared/contract';
import {
  compareTallies,
  newTally,
  tallyRecord,
  type SessionTally,
} from '../../../src-shared/rules/session-tally';
import type { Services } from '../services';
import { records } from './session-export';

async function tallySession(
  s: Services,
  id: string,
): Promise<{ name: string; tally: SessionTally }> {
  const { name, lines } = s.sessions.lines(id);
  const tally = newTally();
  for await (const record of records(lines, { redactor: s.redactor })) tallyRecord(tally, record);
  return { name, tally };
}

export async function compareSessions(
  s: Services,
  { leftId, rightId }: CommandInput<'sessions.compare'>,
): Promise<CommandOutput<'sessions.compare'>> {
  // One after the other: two archives unpacked at once would double the disk and memory it takes.
  const left = await tallySession(s, leftId);
  const right = await tallySession(s, rightId);
  const { differences, total } = compareTallies(left.tally, right.tally);
  return {
    left: { id: leftId, name: left.name, counts: left.tally.counts },
    right: { id: rightId, name: right.name, counts: right.tally.counts },
    differences,
    differencesTotal: total,
  };
}
