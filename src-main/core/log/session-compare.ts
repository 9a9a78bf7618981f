// sessions.compare: two journal sessions read record by record (an archived one unpacked on the
// way), each tallied (src-shared/rules/session-tally.ts), never held whole: a session may hold a
// million records. Only the summaries it lists leave the engine, so only they are redacted (as an
// export's text is): redacting every record read took most of the time.
import type { CommandInput, CommandOutput } from '../../../src-shared/contract';
import {
  compareTallies,
  newTally,
  tallyRecord,
  type SessionTally,
} from '../../../src-shared/rules/session-tally';
import type { Services } from '../services';
import { recordOf } from './session-export';

async function tallySession(
  s: Pick<Services, 'sessions' | 'redactor'>,
  id: string,
): Promise<{ name: string; tally: SessionTally }> {
  const { name, lines } = s.sessions.lines(id);
  const tally = newTally();
  for await (const line of lines) {
    const record = recordOf(line);
    if (record) tallyRecord(tally, record);
  }
  for (const group of tally.groups.values())
    for (const listed of group.records) listed.summary = s.redactor.text(listed.summary);
  return { name, tally };
}

export async function compareSessions(
  s: Pick<Services, 'sessions' | 'redactor'>,
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
