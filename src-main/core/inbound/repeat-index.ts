// Which deliveries repeat an earlier one (the same message id, API document §6), so the record can
// point at the first: built from the journal once, then kept as deliveries arrive.
import type { JournalRecord } from '../../../src-shared/contract';
import type { Journal } from '../log/journal';

/** Message id → the seq of its first delivery, per profile; rebuilt when the journal changes file. */
export function createRepeatIndex(journal: Journal) {
  let indexedPath = '';
  // Per profile, then by id: every delivery looks its id up, and a key made by joining the two
  // would be a new string to hash each time, in one map as large as the journal.
  const seen = new Map<string, Map<string, number>>();
  const ofProfile = (profileId: string) => {
    let ids = seen.get(profileId);
    if (!ids) seen.set(profileId, (ids = new Map()));
    return ids;
  };
  const sync = () => {
    if (indexedPath === journal.path) return;
    indexedPath = journal.path;
    seen.clear();
    for (const r of journal.list({ limit: Number.MAX_SAFE_INTEGER }) as JournalRecord[]) {
      if (r.kind === 'delivery' && r.delivery.classification.messageId && r.profileId) {
        const ids = ofProfile(r.profileId);
        const id = r.delivery.classification.messageId;
        if (!ids.has(id)) ids.set(id, r.seq);
      }
    }
  };
  return {
    /** Message id → the seq of its first delivery, for one profile in the current journal. */
    of(profileId: string): Map<string, number> {
      sync();
      return ofProfile(profileId);
    },
  };
}
