// Every access token of the app expired at once in the sandbox, and the engine's own copies with
// them, so the next call renews them.
import { ExpireAnswer } from '../../../src-shared/sandbox-api/simulator-answers';
import type { SimContext, SimHandlers } from './context';

export function tokenActions({
  act,
  deps,
}: SimContext): Pick<SimHandlers, 'simulator.expireTokens'> {
  return {
    'simulator.expireTokens': (t) =>
      act(
        t,
        'expireTokens',
        { method: 'POST', path: '/_sandbox/tokens/expire', body: { client_id: t.clientId } },
        (json) => {
          const n = ExpireAnswer.parse(json).expired;
          // The sandbox confirmed: the tokens the engine holds for this profile are expired too,
          // so the header and the Users tab say so now (auth.changed, auth.usersChanged), and the
          // next call renews them instead of being refused with a 401 first.
          const app = deps.appTokens.markExpired(t.profileId);
          const users = deps.users.markExpired(t.profileId);
          const held = [app ? 'its app token' : '', users ? `${users} user token(s)` : '']
            .filter(Boolean)
            .join(' and ');
          return {
            outcome: `Expired every access token of the app now: ${n} token(s). Refresh tokens stay valid.${held ? ` TP Inspector marked ${held} expired; the next call renews them.` : ''}`,
            value: { expired: n },
          };
        },
        'Expiring the tokens',
      ),
  };
}
