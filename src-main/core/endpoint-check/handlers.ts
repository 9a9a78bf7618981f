// The endpoint check's command (core/endpoint-check/; docs/endpoint-check.md).
import type { endpointCheckCommands } from '../../../src-shared/contract';
import type { HandlerGroup, Invoke } from '../dispatch';
import type { Services } from '../services';
import { runEndpointCheck } from './run-check';

export function endpointCheckHandlers(
  services: Services,
  invoke: Invoke,
): HandlerGroup<keyof typeof endpointCheckCommands> {
  return { 'endpointCheck.run': (input) => runEndpointCheck(services, invoke, input) };
}
