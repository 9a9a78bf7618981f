// The rule the endpoint check and the load run share before they send: a URL on this machine goes
// at once; any other is held in `confirming` until the person answers the question about it
// (OffMachineQuestion), and only a yes sends, with the engine told it was confirmed.
import { isLoopbackUrl } from '../../../../src-shared/rules/loopback-host';

interface GateState {
  confirming: string | null;
  error: string | null;
}

type Launch = (url: string, confirmRemote: boolean) => Promise<void>;

export function offMachineGate(
  get: () => GateState,
  set: (change: Partial<GateState>) => void,
  launch: Launch,
) {
  return {
    /** Sends to `url` now when it is this machine; otherwise asks first. */
    async send(url: string): Promise<void> {
      if (!isLoopbackUrl(url)) {
        set({ confirming: url, error: null });
        return;
      }
      await launch(url, false);
    },
    /** The person's answer to the question: yes sends, no forgets the URL asked about. */
    async answer(proceed: boolean): Promise<void> {
      const url = get().confirming;
      if (!url) return;
      if (!proceed) {
        set({ confirming: null });
        return;
      }
      await launch(url, true);
    },
  };
}
