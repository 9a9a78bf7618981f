// Points the embedded sandbox app's registration at a public URL in one step: the endpoint,
// management and directory URLs become the public URL plus the receiver's paths for the sandbox
// profile, and the sandbox profile follows, so what the sandbox delivers comes in through the tunnel.
import { undici } from '../common/lazy-packages';
import { CommandError, type ProfileView } from '../../../src-shared/contract';
import type { CoreHost } from '../host-interface';
import { SANDBOX_PROFILE_ID, type ProfileStore } from '../profiles';
import { defaultPaths } from '../inbound';
import { describe } from './lt-register';

export async function pushUrlsToSandbox(
  host: CoreHost,
  profiles: ProfileStore,
  publicUrl: string,
): Promise<ProfileView> {
  const sandbox = host.sandbox;
  if (!sandbox) {
    throw new CommandError({
      code: 'not_found',
      message:
        'No embedded sandbox runs in this TP Inspector. Register the public URL with your platform app instead.',
    });
  }
  const base = publicUrl.replace(/\/+$/, '');
  const paths = defaultPaths(SANDBOX_PROFILE_ID);
  const urls = {
    endpointUrl: `${base}${paths.endpoint}`,
    managementUrl: `${base}${paths.management}`,
    directoryUrl: `${base}${paths.directory}`,
  };
  const target = `${sandbox.baseUrl}/_sandbox/apps/${encodeURIComponent(sandbox.app.clientId)}`;
  let status: number;
  let text: string;
  try {
    const res = await undici().request(target, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        endpoint_url: urls.endpointUrl,
        management_url: urls.managementUrl,
        directory_url: urls.directoryUrl,
      }),
      headersTimeout: 10_000,
      bodyTimeout: 10_000,
    });
    status = res.statusCode;
    text = await res.body.text();
  } catch (err) {
    throw new CommandError({
      code: 'network_error',
      message: `The sandbox at ${sandbox.baseUrl} could not be reached (${describe(err)}). Restart TP Inspector if it keeps failing.`,
    });
  }
  if (status < 200 || status >= 300) {
    throw new CommandError({
      code: 'http_error',
      message: `The sandbox refused the new URLs (HTTP ${status}: ${text.slice(0, 200)}).`,
    });
  }
  profiles.syncSandbox(urls);
  const profile = profiles.state().profiles.find((p) => p.id === SANDBOX_PROFILE_ID);
  if (!profile) {
    throw new CommandError({
      code: 'not_found',
      message:
        'The sandbox app now uses the public URL, but there is no sandbox profile to update.',
    });
  }
  return profile;
}
