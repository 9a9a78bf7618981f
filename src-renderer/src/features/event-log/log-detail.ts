// What the detail pane asks of the engine beyond the record itself: a delivery's forward results,
// the profile's forward targets, and replays. Each answers a promise the component keeps in its
// own state (results belong to the record on screen, not to the whole log).
import type { Bridge, JournalRecord } from '../../../../src-shared/contract';

interface ReplayRequest {
  seq: number;
  target: 'receiver' | string;
  /** Replaces `data` (an edited replay). */
  data?: string;
  /** Sign again with the profile's secret (true) or keep the captured signature on purpose. */
  resign?: boolean;
}

export interface LogDetailActions {
  /** The `forward` records of a delivery (forward-to results and replays to a URL), oldest first. */
  forwardsOf(deliverySeq: number): Promise<JournalRecord[]>;
  /** The forward-to targets set for a profile (Inbound settings). */
  forwardTargets(profileId: string | undefined): Promise<string[]>;
  /** Rejects with the engine's words when the replay could not be sent. */
  replay(request: ReplayRequest): Promise<JournalRecord>;
}

export function detailActions(bridge: Bridge): LogDetailActions {
  const full = new Map<number, JournalRecord>();
  return {
    async forwardsOf(deliverySeq) {
      const { rows } = await bridge.invoke('log.query', {
        filter: { kinds: ['forward'], deliverySeq },
        limit: 100,
      });
      // Records never change once written: each is fetched once.
      const missing = rows.filter((r) => !full.has(r.seq));
      const got = await Promise.all(missing.map((r) => bridge.invoke('log.get', { seq: r.seq })));
      for (const { record } of got) if (record) full.set(record.seq, record);
      return rows.flatMap((r) => full.get(r.seq) ?? []);
    },
    async forwardTargets(profileId) {
      const settings = await bridge.invoke('inbound.settings', profileId ? { profileId } : {});
      return settings.forwards.targets;
    },
    async replay({ seq, target, data, resign }) {
      const { record } = await bridge.invoke('inbound.replay', {
        seq,
        target,
        ...(data !== undefined ? { data } : {}),
        ...(resign !== undefined ? { resign } : {}),
      });
      return record;
    },
  };
}
