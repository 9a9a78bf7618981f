// The sandbox's delivery attempts to the app's endpoint URL: listed, and one sent again.
import { CommandError, type CommandOutput } from '../../../src-shared/contract';
import type { SimContext, SimHandlers, Target } from './context';
import { callSandbox, seg } from './sandbox-http';
import {
  DeliveriesAnswer,
  DeliveryAnswer,
} from '../../../src-shared/sandbox-api/simulator-answers';
import { deliveryView } from './state-view';

export function deliveryActions({ act }: SimContext): Pick<SimHandlers, 'simulator.redeliver'> {
  return {
    'simulator.redeliver': (t, { id }) =>
      act(
        t,
        'redeliver',
        { method: 'POST', path: `/_sandbox/deliveries/${seg(id)}/redeliver` },
        (json) => {
          const parsed = DeliveryAnswer.parse(json);
          return {
            outcome: `The sandbox sent delivery ${id} (${parsed.type}) again.`,
            value: { delivery: deliveryView(parsed) },
          };
        },
        `Redelivering ${id}`,
      ),
  };
}

/** The newest `limit` deliveries to the app, and how many there are. A read: not journaled. */
export async function listDeliveries(
  t: Target,
  limit: number,
): Promise<CommandOutput<'simulator.deliveries'>> {
  const answer = await callSandbox(t.baseUrl, {
    method: 'GET',
    path: `/_sandbox/deliveries?client_id=${seg(t.clientId)}`,
  });
  if (!answer.ok) {
    throw new CommandError({
      code: answer.status === null ? 'network_error' : 'http_error',
      message: `The sandbox's deliveries could not be read: ${answer.description}.`,
    });
  }
  const all = DeliveriesAnswer.parse(answer.json).deliveries;
  return { deliveries: all.slice(0, limit).map(deliveryView), total: all.length };
}
