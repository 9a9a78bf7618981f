// The sandbox's whole state (GET /_sandbox/state) as the panel shows it; the names in it are
// remembered for the outcomes of the next actions. A read: not journaled.
import { CommandError, type SimulatorState } from '../../../src-shared/contract';
import type { SimNames, Target } from './context';
import { callSandbox } from './sandbox-http';
import { StateAnswer } from '../../../src-shared/sandbox-api/simulator-answers';
import { stateView } from './state-view';

export async function readState(t: Target, names: SimNames): Promise<SimulatorState> {
  const answer = await callSandbox(t.baseUrl, { method: 'GET', path: '/_sandbox/state' });
  if (!answer.ok) {
    throw new CommandError({
      code: answer.status === null ? 'network_error' : 'http_error',
      message: `The sandbox's state could not be read: ${answer.description}. Restart TP Inspector if the sandbox stopped.`,
    });
  }
  const view = stateView(StateAnswer.parse(answer.json), t.clientId, {
    profileId: t.profileId,
    baseUrl: t.baseUrl,
  });
  names.setPlatformDomain(view.platformDomain);
  for (const u of view.users) names.set(u.id, `${u.name} ${u.surname}`.trim());
  for (const r of view.rooms) names.set(r.id, `"${r.subject}"`);
  return view;
}
