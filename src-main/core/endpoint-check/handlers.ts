// The endpoint check's commands (core/endpoint-check/; docs/endpoint-check.md).
import type { endpointCheckCommands } from '../../../src-shared/contract';
import type { HandlerGroup } from '../dispatch';
import type { RunSessionInvoke } from '../runner';
import type { Services } from '../services';
import { readCheckExchanges } from './check-exchanges';
import { createEndpointCheckService } from './check-service';

type EndpointCheckHandlerDeps = Pick<
  Services,
  'profiles' | 'host' | 'journal' | 'redactor' | 'events' | 'sessions'
>;

export function endpointCheckHandlers(
  services: EndpointCheckHandlerDeps,
  /** A check opens a journal session of its own, through the sessions' commands. */
  invoke: RunSessionInvoke,
): HandlerGroup<keyof typeof endpointCheckCommands> {
  const checks = createEndpointCheckService(services, invoke);
  return {
    'endpointCheck.run': (input) => checks.run(input),
    'endpointCheck.stop': ({ url }) => Promise.resolve(checks.stop(url)),
    'endpointCheck.state': () => Promise.resolve(checks.state()),
    'endpointCheck.exchanges': async ({ sessionId, seqs }) => ({
      records: await readCheckExchanges(services, sessionId, seqs),
    }),
  };
}
