// The embedded sandbox as the engine sees it: its first app, in the engine's field names.
import type { EmbeddedSandbox } from '../../src-shared/sandbox-api/embedded-sandbox';
import { join } from 'node:path';
import type { RunningSandbox } from './types';

/**
 * Where the app's hosts keep the embedded sandbox's state: in the app's data folder, so its users,
 * rooms, contacts, deliveries and tokens are there after a restart or a crash (docs/sandbox.md,
 * The state file). The command line's short-lived sandbox keeps none.
 */
export const embeddedStateFile = (dataDir: string): string => join(dataDir, 'sandbox-state.json');

export function embeddedSandbox(
  running: Pick<RunningSandbox, 'baseUrl' | 'apps'> &
    Partial<Pick<RunningSandbox, 'stateFile' | 'signingKeyPem'>> & { wantedPort?: number | null },
): EmbeddedSandbox | undefined {
  const app = running.apps[0];
  if (!app) return undefined;
  return {
    baseUrl: running.baseUrl,
    ...(running.wantedPort ? { wantedPort: running.wantedPort } : {}),
    keepsState: Boolean(running.stateFile),
    ...(running.signingKeyPem ? { signingKeyPem: running.signingKeyPem } : {}),
    app: {
      name: app.name,
      clientId: app.client_id,
      clientSecret: app.client_secret,
      redirectUri: app.redirect_uri,
      scopes: [...app.scopes],
      endpointUrl: app.endpoint_url,
      managementUrl: app.management_url,
      directoryUrl: app.directory_url,
      // Read when asked: the Simulator and a scenario's update-app step change it in place.
      get signatureMethod() {
        return app.signature_method;
      },
    },
  };
}
