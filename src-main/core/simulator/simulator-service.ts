// Plays the embedded sandbox's users through its simulator API (/_sandbox/, docs/sandbox.md), for
// the active profile when it is the sandbox. Each action is one HTTP call; its outcome is said in
// words, written to the journal as a `system` record (docs/journal.md, "Simulator actions") and
// announced with simulator.changed so the panel reloads the state (outcome.ts). The actions live
// by what they act on: users and otps, rooms, messages, the app registration, tokens, deliveries.
import type { CommandOutput, SimulatorState } from '../../../src-shared/contract';
import { appActions } from './app-actions';
import { clockActions } from './clock-actions';
import {
  createSimNames,
  sandboxTarget,
  type CommandIn,
  type In,
  type SimCommand,
  type SimContext,
  type SimHandlers,
  type SimulatorDeps,
  type Target,
} from './context';
import { deliveryActions, listDeliveries } from './delivery-actions';
import { messageActions } from './message-actions';
import { createAct } from './outcome';
import { readState } from './read-state';
import { roomActions } from './room-actions';
import { tokenActions } from './token-actions';
import { userActions } from './user-actions';

export { REFUSAL_HINTS, registrationHint } from './refusal-hints';

export function createSimulatorService(deps: SimulatorDeps) {
  const ctx: SimContext = { deps, act: createAct(deps), names: createSimNames() };
  const handlers: SimHandlers = {
    ...userActions(ctx),
    ...roomActions(ctx),
    ...messageActions(ctx),
    ...appActions(ctx),
    ...tokenActions(ctx),
    ...clockActions(ctx),
    ...deliveryActions(ctx),
  };
  const target = () => sandboxTarget(deps.profiles);

  return {
    state: (): Promise<SimulatorState> => readState(target(), ctx.names),
    run<K extends SimCommand>(name: K, input: CommandIn<K>): Promise<CommandOutput<K>> {
      const { profileId, ...action } = input;
      const t = sandboxTarget(deps.profiles, profileId);
      return (handlers[name] as (t: Target, i: In<K>) => Promise<CommandOutput<K>>)(
        t,
        action as In<K>,
      );
    },
    deliveries: (limit: number): Promise<CommandOutput<'simulator.deliveries'>> =>
      listDeliveries(target(), limit),
  };
}
