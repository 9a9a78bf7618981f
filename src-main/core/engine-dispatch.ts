// Every domain's handlers joined into the engine's one dispatch, each group given the services it
// uses (its parameter's type names them). Built once the services are.
import type { CommandName, endpointCheckCommands, runnerCommands } from '../../src-shared/contract';
import { apiHandlers } from './api/handlers';
import { appHandlers } from './app/handlers';
import { authHandlers } from './auth/handlers';
import { collectionsHandlers } from './collections/handlers';
import { composerHandlers } from './composer/handlers';
import { contactHandlers } from './contacts/handlers';
import {
  createDispatch,
  typedInvoke,
  type Dispatch,
  type HandlerGroup,
  type Handlers,
} from './dispatch';
import { endpointCheckHandlers } from './endpoint-check/handlers';
import { inboundHandlers } from './inbound/handlers';
import { loadHandlers } from './load/handlers';
import { logHandlers } from './log/handlers';
import { sessionHandlers } from './log/session-handlers';
import { profileHandlers } from './profiles/handlers';
import { runnerHandlers } from './runner/handlers';
import type { Services } from './services';
import { simulatorHandlers } from './simulator/handlers';
import { tunnelHandlers } from './tunnel/handlers';

/** The commands of every domain but the two that drive the others: the runner, the endpoint check. */
type DrivenCommand = Exclude<
  CommandName,
  keyof typeof runnerCommands | keyof typeof endpointCheckCommands
>;

/**
 * `onInternalError` hears of a handler that threw something other than a CommandError; every
 * failure's message is redacted before it leaves (dispatch.ts).
 */
export function engineDispatch(
  services: Services,
  onInternalError: (err: unknown) => void,
): Dispatch {
  const redact = services.redactor.text;
  const driven: HandlerGroup<DrivenCommand> = {
    ...appHandlers(services),
    ...profileHandlers(services),
    ...authHandlers(services),
    ...apiHandlers(services),
    ...composerHandlers(services),
    ...inboundHandlers(services),
    ...tunnelHandlers(services),
    ...sessionHandlers(services),
    ...logHandlers(services),
    ...contactHandlers(services),
    ...simulatorHandlers(services),
    ...collectionsHandlers(services),
    ...loadHandlers(services),
  };
  // A run calls other domains' commands (simulator.*, auth.users, sessions.*), and so does a check
  // (sessions.*, so that every window hears sessions.changed): through a dispatch over the handlers
  // above, validated and redacted as a window's call is. Neither is called back that way, so the
  // two are built after the domains they drive, from a dispatch that exists by then.
  const invoke = typedInvoke<DrivenCommand>(
    createDispatch<DrivenCommand>(driven, onInternalError, redact),
  );
  const handlers: Handlers = {
    ...driven,
    ...runnerHandlers(services, invoke),
    ...endpointCheckHandlers(services, invoke),
  };
  return createDispatch(handlers, onInternalError, redact);
}
