// The collections' commands: scenario files on disk (core/collections/), Postman and HAR interop,
// and the catalog as OpenAPI.
import { CommandError, type collectionsCommands } from '../../../src-shared/contract';
import type { HandlerGroup } from '../dispatch';
import type { Services } from '../services';

const notYet = (name: string) => () =>
  Promise.reject(
    new CommandError({ code: 'internal', message: `${name} is not available in this build yet.` }),
  );

export function collectionsHandlers(
  _services: Services,
): HandlerGroup<keyof typeof collectionsCommands> {
  return {
    'collections.recent': notYet('collections.recent'),
    'collections.open': notYet('collections.open'),
    'collections.read': notYet('collections.read'),
    'collections.write': notYet('collections.write'),
    'collections.createFolder': notYet('collections.createFolder'),
    'collections.rename': notYet('collections.rename'),
    'collections.duplicate': notYet('collections.duplicate'),
    'collections.delete': notYet('collections.delete'),
    'collections.reorder': notYet('collections.reorder'),
    'collections.saveRequest': notYet('collections.saveRequest'),
    'collections.profileVariables': notYet('collections.profileVariables'),
    'collections.setProfileVariables': notYet('collections.setProfileVariables'),
    'collections.resolve': notYet('collections.resolve'),
    'collections.exportPostman': notYet('collections.exportPostman'),
    'collections.import': notYet('collections.import'),
    'collections.openapi': notYet('collections.openapi'),
  };
}
