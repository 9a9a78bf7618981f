import { CommandError, type inboundCommands } from '../../../src-shared/contract';
import type { HandlerGroup } from '../dispatch';
import type { Services } from '../services';

export function inboundHandlers({
  inbound,
  profiles,
  tunnel,
}: Pick<Services, 'inbound' | 'profiles' | 'tunnel'>): HandlerGroup<keyof typeof inboundCommands> {
  const id = (profileId: string | undefined) => profiles.require(profileId).id;
  return {
    'inbound.status': async ({ profileId }) => {
      // Behind a tunnel that is up, the URLs to register are the public ones.
      const t = tunnel.status();
      return inbound.status(id(profileId), t.state === 'up' ? t.publicUrl : undefined);
    },
    'inbound.settings': async ({ profileId }) => inbound.settings.own(id(profileId)),
    'inbound.setResponse': async ({ profileId, response }) =>
      inbound.settings.setResponse(id(profileId), stripUndefined(response)),
    'inbound.setForwards': async ({ profileId, forwards }) =>
      inbound.setForwards(id(profileId), stripUndefined(forwards)),
    'inbound.setPublicKey': async ({ profileId, pem }) => {
      if (pem && !/-----BEGIN (RSA )?PUBLIC KEY-----/.test(pem)) {
        throw new CommandError({
          code: 'invalid_input',
          message:
            'That is not a PEM public key: paste the text from -----BEGIN PUBLIC KEY----- to -----END PUBLIC KEY-----.',
        });
      }
      return inbound.settings.setPublicKey(id(profileId), pem);
    },
    'inbound.setPort': async ({ profileId, port }) => inbound.setPort(port, id(profileId)),
    'inbound.useSandboxKey': async ({ profileId }) => inbound.useSandboxKey(id(profileId)),
    'inbound.replay': async (input) => ({ record: await inbound.replay(input) }),
  };
}

/** Partial zod output keeps absent keys as undefined; drop them so they keep their value. */
function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
