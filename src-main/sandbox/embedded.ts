// The embedded sandbox as the engine sees it: its first app, in the engine's field names.
import type { EmbeddedSandbox } from '../../src-shared/sandbox-api/embedded-sandbox';
import type { RunningSandbox } from './types';

export function embeddedSandbox(
  running: Pick<RunningSandbox, 'baseUrl' | 'apps'> & { wantedPort?: number | null },
): EmbeddedSandbox | undefined {
  const app = running.apps[0];
  if (!app) return undefined;
  return {
    baseUrl: running.baseUrl,
    ...(running.wantedPort ? { wantedPort: running.wantedPort } : {}),
    app: {
      name: app.name,
      clientId: app.client_id,
      clientSecret: app.client_secret,
      redirectUri: app.redirect_uri,
      scopes: [...app.scopes],
      endpointUrl: app.endpoint_url,
      managementUrl: app.management_url,
      directoryUrl: app.directory_url,
    },
  };
}
