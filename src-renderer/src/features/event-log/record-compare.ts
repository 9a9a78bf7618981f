// Compare two records of the Event log: one is marked ("Mark for compare", M), then another is
// selected and compared with it ("Compare with #N", C). The marked record is kept whole, so it can
// come from another journal session than the one open now. The comparison shows while its right
// side is the record selected: selecting another record gives the detail back.
import { useCallback, useState } from 'react';
import type { JournalRecord } from '../../../../src-shared/contract';

export interface RecordCompare {
  marked: JournalRecord | null;
  /** The records compared, left (the marked one) and right, while the comparison is open. */
  pair: readonly [JournalRecord, JournalRecord] | null;
  /** Marks this record, or unmarks it when it is the marked one. */
  toggleMark(record: JournalRecord): void;
  /** Compares the marked record with this one (nothing when none is marked, or it is this one). */
  compareWith(record: JournalRecord): void;
  close(): void;
}

/** The same record: seq alone could be another session's record of the same number. */
export const sameRecord = (a: JournalRecord | null, b: JournalRecord | null) =>
  a !== null && b !== null && a.seq === b.seq && a.at === b.at;

export function useRecordCompare(): RecordCompare {
  const [marked, setMarked] = useState<JournalRecord | null>(null);
  const [pair, setPair] = useState<readonly [JournalRecord, JournalRecord] | null>(null);
  const toggleMark = useCallback(
    (record: JournalRecord) => setMarked((m) => (sameRecord(m, record) ? null : record)),
    [],
  );
  const compareWith = useCallback(
    (record: JournalRecord) => {
      if (marked !== null && !sameRecord(marked, record)) setPair([marked, record]);
    },
    [marked],
  );
  const close = useCallback(() => setPair(null), []);
  return { marked, pair, toggleMark, compareWith, close };
}
