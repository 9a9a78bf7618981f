// The deliveries and forwards a run sees: every one appended since the run started, kept so that
// an expect-delivery step also finds what arrived before it began (a message a simulate step made),
// and so that no two steps claim the same delivery.
import type { DeliveryRecord, ForwardRecord } from '../../../src-shared/contract';
import type { CoreEvents } from '../events';
import { RunStopped } from './step-context';

export interface RunInbox {
  readonly deliveries: readonly DeliveryRecord[];
  readonly forwards: readonly ForwardRecord[];
  claim(record: DeliveryRecord): void;
  isClaimed(record: DeliveryRecord): boolean;
  /** The delivery the last expect-delivery step claimed. */
  lastClaimed(): DeliveryRecord | null;
  claimForward(record: ForwardRecord): void;
  isForwardClaimed(record: ForwardRecord): boolean;
  /**
   * Asks `pick` now and after each new record until it answers something; undefined after
   * `timeoutMs`; rejects with RunStopped when `signal` aborts.
   */
  waitFor<T>(
    pick: () => T | undefined,
    timeoutMs: number,
    signal: AbortSignal,
  ): Promise<T | undefined>;
  close(): void;
}

export function openRunInbox(events: CoreEvents): RunInbox {
  const deliveries: DeliveryRecord[] = [];
  const forwards: ForwardRecord[] = [];
  const claimed = new Set<DeliveryRecord>();
  const claimedForwards = new Set<ForwardRecord>();
  let last: DeliveryRecord | null = null;
  const waiters = new Set<() => void>();
  const stop = events.on('log.appended', (record) => {
    if (record.kind === 'delivery') deliveries.push(record);
    else if (record.kind === 'forward') forwards.push(record);
    else return;
    for (const wake of [...waiters]) wake();
  });
  return {
    deliveries,
    forwards,
    claim(record) {
      claimed.add(record);
      last = record;
    },
    isClaimed: (record) => claimed.has(record),
    lastClaimed: () => last,
    claimForward: (record) => void claimedForwards.add(record),
    isForwardClaimed: (record) => claimedForwards.has(record),
    waitFor(pick, timeoutMs, signal) {
      return new Promise((resolve, reject) => {
        if (signal.aborted) return reject(new RunStopped());
        const first = pick();
        if (first !== undefined) return resolve(first);
        const done = () => {
          clearTimeout(timer);
          waiters.delete(wake);
          signal.removeEventListener('abort', onAbort);
        };
        const wake = () => {
          const found = pick();
          if (found === undefined) return;
          done();
          resolve(found);
        };
        const onAbort = () => {
          done();
          reject(new RunStopped());
        };
        const timer = setTimeout(() => {
          done();
          resolve(undefined);
        }, timeoutMs);
        waiters.add(wake);
        signal.addEventListener('abort', onAbort, { once: true });
      });
    },
    close() {
      stop();
      waiters.clear();
    },
  };
}
