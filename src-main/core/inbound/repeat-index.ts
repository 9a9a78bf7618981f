// Which deliveries repeat an earlier one (the same message id, API document §6), so the record can
// point at the first. The journal's index holds each delivery's profile and message id hashed
// (journal-index.ts, messageKey): the first seq of each hash is kept here, and a hit is confirmed
// by reading that record (two ids can share a hash). Deliveries recorded by this engine are also
// kept by id, since a delivery's index entry exists only once its group is written.
import type { JournalRecord } from '../../../src-shared/contract';
import { type Journal, type IndexColumns, messageKey } from '../log';

/** How many of this engine's own ids a profile's map holds before the indexed ones are dropped. */
const RECORDED_PRUNE_AT = 64;

/** Message id → the seq of its first delivery, per profile; started over for another journal. */
export function createRepeatIndex(journal: Journal) {
  let opened = -1;
  const firstOf = new Map<number, number>();
  const scanned = [0, 0];
  // Per profile, then by id: what this engine recorded (see above), until the index has it.
  const recorded = new Map<string, Map<string, number>>();
  /** The highest seq the index has been read up to: `recorded` need not keep any up to it. */
  let indexedTo = 0;

  const sync = () => {
    const index = journal.index();
    if (index.opened !== opened) {
      opened = index.opened;
      firstOf.clear();
      recorded.clear();
      scanned.fill(0);
      indexedTo = 0;
    }
    index.segments.forEach((segment, s) => {
      for (let i = scanned[s]!; i < segment.length; i++) {
        const key = segment.message[i]!;
        if (key === 0) continue;
        const seq = segment.seq[i]!;
        const known = firstOf.get(key);
        if (known === undefined || seq < known) firstOf.set(key, seq);
      }
      if (segment.length > 0) indexedTo = Math.max(indexedTo, segment.seq[segment.length - 1]!);
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
      // Ids the index holds are found through it: a map of every id ever recorded would be copied
      // into the old generation entry by entry (and grow without end) under a stream of deliveries.
      if (mine.size > RECORDED_PRUNE_AT) {
        for (const [id, seq] of mine) if (seq <= indexedTo) mine.delete(id);
      }
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
