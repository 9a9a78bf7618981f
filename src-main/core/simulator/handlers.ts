// The simulator panel's commands: the embedded sandbox's users, rooms, messages, otps, tokens, app
// registration and delivery attempts, through its /_sandbox/ API (core/simulator/).
import type { simulatorCommands } from '../../../src-shared/contract';
import type { HandlerGroup } from '../dispatch';
import type { SimulatorDeps } from './context';
import { createSimulatorService } from './simulator-service';

export function simulatorHandlers(
  services: SimulatorDeps,
): HandlerGroup<keyof typeof simulatorCommands> {
  const sim = createSimulatorService(services);
  return {
    'simulator.state': () => sim.state(),
    'simulator.createUser': (input) => sim.run('simulator.createUser', input),
    'simulator.createRoom': (input) => sim.run('simulator.createRoom', input),
    'simulator.roomAction': (input) => sim.run('simulator.roomAction', input),
    'simulator.sendMessage': (input) => sim.run('simulator.sendMessage', input),
    'simulator.otp': (input) => sim.run('simulator.otp', input),
    'simulator.revokeOnPlatform': (input) => sim.run('simulator.revokeOnPlatform', input),
    'simulator.expireTokens': (input) => sim.run('simulator.expireTokens', input),
    'simulator.advanceClock': (input) => sim.run('simulator.advanceClock', input),
    'simulator.updateApp': (input) => sim.run('simulator.updateApp', input),
    'simulator.deliveries': ({ limit }) => sim.deliveries(limit),
    'simulator.redeliver': (input) => sim.run('simulator.redeliver', input),
  };
}
