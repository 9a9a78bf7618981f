import type { HandlerGroup } from '../dispatch';
import type { Services } from '../services';

export function apiHandlers({ api }: Services): HandlerGroup<'api.call'> {
  return {
    'api.call': async (request) => {
      const { record, json } = await api.call(request);
      return { record, json };
    },
  };
}
