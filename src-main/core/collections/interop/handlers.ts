// The interop commands of collections.*: the Postman export, the Postman and HAR import, and the
// catalog as OpenAPI for the active profile.
import {
  CATALOG_VERSION,
  OPENAPI_FILENAME,
  openApiDocument,
} from '../../../../src-shared/spec/openapi';
import type { HandlerGroup } from '../../dispatch';
import type { Services } from '../../services';
import { loadCollection } from '../load-collection';
import { importIntoCollection } from './import-collection';
import { toPostman } from './postman-export';

type InteropCommands = 'collections.exportPostman' | 'collections.import' | 'collections.openapi';

export function interopHandlers(
  services: Pick<Services, 'profiles' | 'collections'>,
): HandlerGroup<InteropCommands> {
  return {
    'collections.exportPostman': async ({ folder }) => {
      const loaded = await loadCollection(folder);
      const profile = services.profiles.require();
      const { collection, leftOut } = toPostman(loaded, {
        baseUrl: profile.baseUrl,
        clientId: profile.clientId,
      });
      const stem =
        loaded.name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'collection';
      return {
        filename: `${stem}.postman_collection.json`,
        content: JSON.stringify(collection, null, 2),
        leftOut,
      };
    },
    'collections.import': async ({ folder, dir, format, content }) => {
      const root = services.collections.root(folder);
      const result = await importIntoCollection(root, dir, format, content);
      // Announced as the app's own change, and answered with the store's view (in its order).
      return { ...result, view: await services.collections.changed(root, result.written) };
    },
    'collections.openapi': async () => {
      const document = openApiDocument({
        baseUrl: services.profiles.require().baseUrl,
        version: CATALOG_VERSION,
      });
      return { filename: OPENAPI_FILENAME, content: JSON.stringify(document, null, 2) };
    },
  };
}
