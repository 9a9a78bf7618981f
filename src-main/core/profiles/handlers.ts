import type { profilesCommands } from '../../../src-shared/contract';
import type { HandlerGroup } from '../dispatch';
import type { Services } from '../services';
import { checkReachable } from './reachability';
import { revealSandboxSecret } from './reveal-secret';

export function profileHandlers({
  profiles,
  host,
}: Pick<Services, 'profiles' | 'host'>): HandlerGroup<keyof typeof profilesCommands> {
  return {
    'profiles.list': async () => profiles.state(),
    'profiles.create': async (input) => profiles.create(input),
    'profiles.update': async ({ profileId, changes }) => profiles.update(profileId, changes),
    'profiles.duplicate': async ({ profileId, name }) => profiles.duplicate(profileId, name),
    'profiles.delete': async ({ profileId }) => profiles.remove(profileId),
    'profiles.select': async ({ profileId }) => profiles.select(profileId),
    'profiles.check': async ({ profileId }) =>
      checkReachable(profiles.require(profileId), host.sandbox?.baseUrl),
    'profiles.export': async ({ profileIds }) => ({ json: profiles.exportJson(profileIds) }),
    'profiles.import': async ({ json }) => profiles.importJson(json),
    'profiles.revealSecret': async ({ profileId }) =>
      revealSandboxSecret(profiles.require(profileId)),
  };
}
