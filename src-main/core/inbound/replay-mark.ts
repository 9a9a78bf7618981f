// The mark a replay carries (API document §6 says nothing of replays: it is TP Inspector's own):
// replay.ts asks for a header, sends the delivery again through the receiver with it, and the
// capture resolves the promise with the record the request became.
import { randomBytes } from 'node:crypto';
import type { DeliveryRecord } from '../../../src-shared/contract';

export const REPLAY_HEADER = 'x-tp-inspector-replay';

export type ReplayEdit = { edited: boolean; resigned: boolean };

export interface PendingReplay {
  seq: number;
  edit: ReplayEdit | undefined;
  resolve: (r: DeliveryRecord) => void;
}

interface ExpectedReplay {
  header: string;
  record: Promise<DeliveryRecord>;
  cancel(): void;
}

export function createReplayMarks() {
  const pending = new Map<string, PendingReplay>();
  return {
    /** A header that marks the next request as a replay of `seq`, and the record it becomes. */
    expect(seq: number, edit?: ReplayEdit): ExpectedReplay {
      const nonce = randomBytes(9).toString('hex');
      let resolve!: (r: DeliveryRecord) => void;
      const promise = new Promise<DeliveryRecord>((r) => (resolve = r));
      pending.set(nonce, { seq, edit, resolve });
      return {
        header: `${seq}.${nonce}`,
        record: promise,
        cancel: () => void pending.delete(nonce),
      };
    },
    /** The replay a request's header marks, if any; each mark is used once. */
    take(headerValue: string | undefined): PendingReplay | undefined {
      const nonce = headerValue === undefined ? null : parseNonce(headerValue);
      const replay = nonce ? pending.get(nonce) : undefined;
      if (replay) pending.delete(nonce!);
      return replay;
    },
  };
}

function parseNonce(value: string): string | null {
  const m = /^\d+\.([0-9a-f]{18})$/.exec(value);
  return m ? m[1]! : null;
}
