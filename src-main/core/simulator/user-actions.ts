// The sandbox's users: created, sent through the app's connect URLs with a new otp, disconnected.
import type { SimContext, SimHandlers } from './context';
import { seg } from './sandbox-http';
import {
  DisconnectAnswer,
  OtpAnswer,
  UserAnswer,
} from '../../../src-shared/sandbox-api/simulator-answers';

export function userActions({
  act,
  names,
  deps,
}: SimContext): Pick<
  SimHandlers,
  'simulator.createUser' | 'simulator.otp' | 'simulator.revokeOnPlatform'
> {
  const who = names.of;
  return {
    'simulator.createUser': (t, input) =>
      act(
        t,
        'createUser',
        { method: 'POST', path: '/_sandbox/users', body: input },
        (json) => {
          const u = UserAnswer.parse(json);
          const full = `${u.name} ${u.surname}`.trim();
          names.set(u.id, full);
          return {
            outcome: `Created user ${full} (${u.id}).`,
            value: { user: { ...u, connected: false, scopes: [], received: [] } },
          };
        },
        `Creating user ${input.name}`,
      ),
    'simulator.otp': (t, input) =>
      act(
        t,
        'otp',
        {
          method: 'POST',
          path: `/_sandbox/users/${seg(input.userId)}/otp`,
          body: {
            client_id: t.clientId,
            target: input.target,
            ...(input.fromapp !== undefined ? { fromapp: input.fromapp } : {}),
          },
        },
        (json) => {
          const a = OtpAnswer.parse(json);
          // A one-time password is a credential until it is used: never shown or kept in clear.
          deps.redactor.addSecret(a.otp);
          const url = deps.redactor.text(a.url);
          const opened =
            a.status === null
              ? `the request failed (${deps.redactor.text(a.error ?? 'no answer')})`
              : `it answered ${a.status}`;
          return {
            outcome: `The platform client opened the ${input.target} URL for ${who(input.userId)} with a new otp: ${url}; ${opened}.`,
            value: { url, status: a.status },
          };
        },
        `Opening the ${input.target} URL for ${who(input.userId)}`,
      ),
    'simulator.revokeOnPlatform': (t, input) =>
      act(
        t,
        'revokeOnPlatform',
        {
          method: 'POST',
          path: `/_sandbox/users/${seg(input.userId)}/disconnect`,
          body: { client_id: t.clientId },
        },
        (json) => {
          const n = DisconnectAnswer.parse(json).revoked_tokens;
          return {
            outcome: `Revoked the grant of ${who(input.userId)} on the platform: ${n} token(s) revoked.`,
            value: { revokedTokens: n },
          };
        },
        `Revoking the grant of ${who(input.userId)} on the platform`,
      ),
  };
}
