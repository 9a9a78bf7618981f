import type { tunnelCommands } from '../../../src-shared/contract';
import type { HandlerGroup } from '../dispatch';
import type { Services } from '../services';

export function tunnelHandlers({
  tunnel,
}: Pick<Services, 'tunnel'>): HandlerGroup<keyof typeof tunnelCommands> {
  return {
    'tunnel.status': async () => tunnel.status(),
    'tunnel.start': async ({ host, subdomain }) =>
      tunnel.start({
        ...(host !== undefined ? { host } : {}),
        ...(subdomain !== undefined ? { subdomain } : {}),
      }),
    'tunnel.stop': () => tunnel.stop(),
    'tunnel.useOwnUrl': async ({ publicUrl }) => tunnel.useOwnUrl(publicUrl),
    'tunnel.pushToSandbox': async () => tunnel.pushToSandbox(),
  };
}
