import type { HandlerGroup } from '../dispatch';
import type { Services } from '../services';

export function inboundHandlers({ inbound, profiles }: Services): HandlerGroup<'inbound.status'> {
  return {
    'inbound.status': async ({ profileId }) => inbound.status(profiles.require(profileId).id),
  };
}
