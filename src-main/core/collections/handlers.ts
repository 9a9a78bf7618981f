// The collections' commands: scenario files on disk (core/collections/), Postman and HAR interop,
// and the catalog as OpenAPI.
import type { collectionsCommands } from '../../../src-shared/contract';
import type { HandlerGroup } from '../dispatch';
import type { Services } from '../services';
import { profileVariables, setProfileVariables } from './collection-settings';
import { collectionVariables, resolveRequest } from './resolve-request';
import { interopHandlers } from './interop/handlers';
import { saveRequest, type SaveRequestDeps } from './save-request';
import { addCheck, addStep } from './step-commands';

export function collectionsHandlers(
  services: SaveRequestDeps & Pick<Services, 'collections'>,
): HandlerGroup<keyof typeof collectionsCommands> {
  const store = services.collections;
  const settings = services.host.settings;
  const profileOf = (profileId: string | undefined) => profileId ?? services.profiles.activeId();
  return {
    'collections.recent': async () => store.recent(),
    'collections.open': ({ folder, create }) => store.open(folder, create),
    'collections.read': ({ folder, path }) => store.read(folder, path),
    'collections.write': ({ folder, ...input }) => store.write(folder, input),
    'collections.createFolder': ({ folder, path }) => store.createFolder(folder, path),
    'collections.rename': ({ folder, from, to }) => store.rename(folder, from, to),
    'collections.duplicate': ({ folder, path }) => store.duplicate(folder, path),
    'collections.delete': ({ folder, path }) => store.delete(folder, path),
    'collections.reorder': ({ folder, dir, order }) => store.reorder(folder, dir, order),
    'collections.saveRequest': (input) => saveRequest(services, store, input),
    'collections.addStep': async (input) => addStep(services, input),
    'collections.addCheck': (input) => addCheck(services, store, input),
    'collections.profileVariables': async ({ profileId }) =>
      profileVariables(settings, profileOf(profileId)),
    'collections.setProfileVariables': async ({ profileId, variables }) =>
      setProfileVariables(settings, services.redactor, profileOf(profileId), variables),
    'collections.resolve': async ({ folder, request }) => {
      const profile = services.profiles.require(request.profileId);
      return resolveRequest(
        request,
        profileVariables(settings, profile.id),
        await collectionVariables(folder),
        { client_id: profile.clientId, base_url: profile.baseUrl },
      );
    },
    ...interopHandlers(services),
  };
}
