import type { authCommands } from '../../../src-shared/contract';
import type { HandlerGroup } from '../dispatch';
import type { Services } from '../services';

export function authHandlers({
  profiles,
  appTokens,
  users,
  connect,
  otp,
}: Pick<Services, 'profiles' | 'appTokens' | 'users' | 'connect' | 'otp'>): HandlerGroup<
  keyof typeof authCommands
> {
  const profileIdOf = (profileId?: string) => profiles.require(profileId).id;
  return {
    'auth.getAppToken': async ({ profileId }) => appTokens.fetch(profileId),
    'auth.status': async ({ profileId }) => appTokens.status(profileId),
    'auth.users': async ({ profileId }) => {
      const id = profileIdOf(profileId);
      return { profileId: id, users: users.list(id) };
    },
    'auth.connectUser': async (input) => connect.start(input),
    'auth.completeConnect': async ({ redirectUrl }) => connect.complete(redirectUrl),
    'auth.cancelConnect': async () => connect.cancel(),
    'auth.flow': async () => connect.current(),
    'auth.refreshUser': async ({ profileId, userId }) => {
      const id = profileIdOf(profileId);
      await users.refresh(id, userId);
      return users.view(id, userId);
    },
    'auth.dropTokens': async ({ profileId, userId }) =>
      users.disconnect(profileIdOf(profileId), userId),
    'auth.forgetUser': async ({ profileId, userId }) => {
      const id = profileIdOf(profileId);
      return { profileId: id, users: users.forget(id, userId) };
    },
    'auth.otpVisits': async ({ profileId }) => ({ visits: otp.visits(profileIdOf(profileId)) }),
  };
}
