// The tunnel's state in words, one place for the Inbound tab and the header badge, so both say the
// same thing: what it is doing, where it is reachable, why it is down, and when it tries again.
import type { TunnelStatus } from '../../../../src-shared/contract';

type TunnelTone = 'off' | 'busy' | 'ok' | 'bad';

interface TunnelWords {
  /** One or two words, for the badge: "Tunnel up", "Tunnel down". */
  short: string;
  /** A sentence for the pane. */
  long: string;
  tone: TunnelTone;
}

/** Seconds left before the next try, counted from when the "reconnecting" change arrived. */
function retryInSeconds(t: TunnelStatus, since: number, now: number): number {
  return Math.max(0, Math.ceil(((t.retryInMs ?? 0) - (now - since)) / 1000));
}

export function tunnelWords(t: TunnelStatus | null, since: number, now: number): TunnelWords {
  if (!t) return { short: 'Tunnel …', long: 'Reading the tunnel’s state…', tone: 'off' };
  const what = t.mode === 'own-url' ? 'Public URL' : 'Tunnel';
  switch (t.state) {
    case 'idle':
      return {
        short: 'No tunnel',
        long: 'Off: the receiver is reachable on this machine only.',
        tone: 'off',
      };
    case 'connecting':
      return {
        short: `${what}: connecting`,
        long:
          t.mode === 'own-url'
            ? 'Checking that your public URL reaches the receiver…'
            : `Connecting to ${t.settings.host} and checking that the public URL reaches the receiver…`,
        tone: 'busy',
      };
    case 'up':
      return { short: `${what} up`, long: `Up at ${t.publicUrl ?? '?'}`, tone: 'ok' };
    case 'down':
      return { short: `${what} down`, long: `Down: ${t.reason ?? 'no reason given'}`, tone: 'bad' };
    case 'reconnecting': {
      const secs = retryInSeconds(t, since, now);
      const when = secs > 0 ? `retrying in ${secs} s` : 'retrying now';
      return {
        short: `${what}: ${when}`,
        long: `Down, ${when} (attempt ${t.attempt ?? 1}): ${t.reason ?? 'no reason given'}`,
        tone: 'bad',
      };
    }
  }
}
