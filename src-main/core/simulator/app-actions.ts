// The app's registration in the sandbox changed (PATCH /_sandbox/apps/{client_id}); the sandbox
// profile follows it, since the receiver routes by its URLs.
import type { SimContext, SimHandlers } from './context';
import { seg } from './sandbox-http';
import { AppAnswer } from '../../../src-shared/sandbox-api/simulator-answers';
import { appView } from './state-view';

export function appActions({ act, deps }: SimContext): Pick<SimHandlers, 'simulator.updateApp'> {
  return {
    'simulator.updateApp': (t, { changes }) => {
      const body: Record<string, unknown> = {};
      if (changes.scopes !== undefined) body.scopes = changes.scopes;
      if (changes.endpointUrl !== undefined) body.endpoint_url = changes.endpointUrl;
      if (changes.managementUrl !== undefined) body.management_url = changes.managementUrl;
      if (changes.directoryUrl !== undefined) body.directory_url = changes.directoryUrl;
      if (changes.signatureMethod !== undefined) body.signature_method = changes.signatureMethod;
      if (changes.tokenLifetime !== undefined) body.token_lifetime = changes.tokenLifetime;
      if (changes.rateLimit !== undefined)
        body.rate_limit = { count: changes.rateLimit.count, window_s: changes.rateLimit.windowS };
      if (changes.rotateRefreshTokens !== undefined)
        body.rotate_refresh_tokens = changes.rotateRefreshTokens;
      if (changes.repeatRefreshToken !== undefined)
        body.repeat_refresh_token = changes.repeatRefreshToken;
      return act(
        t,
        'updateApp',
        { method: 'PATCH', path: `/_sandbox/apps/${seg(t.clientId)}`, body },
        (json) => {
          const app = appView(AppAnswer.parse(json));
          deps.profiles.syncSandbox({
            endpointUrl: app.endpointUrl,
            managementUrl: app.managementUrl,
            directoryUrl: app.directoryUrl,
            scopes: app.scopes,
          });
          return {
            outcome: `Changed the app registration: ${Object.keys(body).join(', ') || 'nothing'}.`,
            value: { app },
          };
        },
        'Changing the app registration',
      );
    },
  };
}
