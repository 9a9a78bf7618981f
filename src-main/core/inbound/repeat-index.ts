// Which deliveries repeat an earlier one (the same message id, API document §6), so the record can
// point at the first. The journal's index holds each delivery's profile and message id hashed
// (journal-index.ts, messageKey): the first seq of each hash is kept here, and a hit is confirmed
// by reading that record (two ids can share a hash). Deliveries recorded by this engine are also
// kept by id, since a delivery's index entry exists only once its group is written.
import type { JournalRecord } from '../../../src-shared/contract';
import type { Journal } from '../log/journal';
import type { IndexColumns } from '../log/journal-index';
import { messageKey } from '../log/journal-index';

/** Message id → the seq of its first delivery, per profile; started over for another journal. */
export function createRepeatIndex(journal: Journal) {
  let opened = -1;
  const firstOf = new Map<number, number>();
  const scanned = [0, 0];
  // Per profile, then by id: what this engine recorded (see above).
  const recorded = new Map<string, Map<string, number>>();

  const sync = () => {
    const index = journal.index();
    if (index.opened !== opened) {
      opened = index.opened;
      firstOf.clear();
      recorded.clear();
      scanned.fill(0);
    }
    index.segments.forEach((segment, s) => {
      for (let i = scanned[s]!; i < segment.length; i++) {
        const key = segment.message[i]!;
        if (key === 0) continue;
        const seq = segment.seq[i]!;
        const known = firstOf.get(key);
        if (known === undefined || seq < known) firstOf.set(key, seq);
      }
      scanned[s] = segment.length;
    });
    return index;
  };
  const isDelivery = (r: JournalRecord | undefined, profileId: string, id: string) =>
    r?.kind === 'delivery' &&
    r.profileId === profileId &&
    r.delivery.classification.messageId === id;
  /** Every delivery with this hash, oldest first, until one is really this id (rare: a collision). */
  const slowFind = (
    segments: readonly IndexColumns[],
    key: number,
    profileId: string,
    id: string,
  ) => {
    for (const segment of segments) {
      for (let i = 0; i < segment.length; i++) {
        if (segment.message[i] !== key) continue;
        const seq = segment.seq[i]!;
        if (isDelivery(journal.get(seq), profileId, id)) return seq;
      }
    }
    return undefined;
  };

  return {
    /** Message id → the seq of its first delivery, for one profile in the current journal. */
    of(profileId: string) {
      const index = sync();
      let mine = recorded.get(profileId);
      if (!mine) recorded.set(profileId, (mine = new Map()));
      const ours = mine;
      return {
        get(id: string): number | undefined {
          const key = messageKey(profileId, id);
          const seq = firstOf.get(key);
          const here = ours.get(id);
          if (seq === undefined) return here;
          if (here !== undefined && here < seq) return here;
          if (isDelivery(journal.get(seq), profileId, id)) return seq;
          return slowFind(index.segments, key, profileId, id) ?? here;
        },
        set(id: string, seq: number) {
          ours.set(id, seq);
        },
      };
    },
  };
}
