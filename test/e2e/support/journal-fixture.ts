// A journal written before the host starts, in the documented format (docs/journal.md), for tests
// that need more history than clicking could make in reasonable time.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SystemRecord } from '../../../src-shared/contract';
import { JOURNAL_FILE } from './mixed-journal.mjs';

// A long QA session's journal of every kind, shared with `npm run bench:eventlog`.
export {
  FIXTURE_USERS,
  JOURNAL_FILE,
  writeMixedJournal,
  type MixedJournal,
} from './mixed-journal.mjs';

/** Writes `count` system records, seq 1..count, one second apart, ending an hour ago. */
export function writeSystemJournal(dataDir: string, count: number): void {
  const start = Date.now() - 3_600_000 - count * 1000;
  const lines = Array.from({ length: count }, (_, i): SystemRecord => {
    const seq = i + 1;
    return {
      seq,
      at: new Date(start + i * 1000).toISOString(),
      kind: 'system',
      summary: `Fixture record ${seq}`,
      system: { level: 'info', message: `Fixture record ${seq}, written by the e2e test.` },
    };
  });
  writeFileSync(join(dataDir, JOURNAL_FILE), lines.map((r) => JSON.stringify(r)).join('\n') + '\n');
}
