// The outcome of one simulator action, said in words: the call to the sandbox, a `system` record
// in the journal (docs/journal.md, "Simulator actions") and simulator.changed so the panel reloads
// the state. A refusal is journaled too and becomes a CommandError with advice for that action.
import { CommandError } from '../../../src-shared/contract';
import type { CoreEventEmitter } from '../events';
import type { Journal, Redactor } from '../log';
import type { Act } from './context';
import { REFUSAL_HINTS, type RefusalHint, type SimAction } from './refusal-hints';
import { callSandbox, type SimAnswer } from './sandbox-http';

export function createAct(deps: {
  journal: Journal;
  redactor: Redactor;
  events: CoreEventEmitter;
}): Act {
  const hintFor = (action: SimAction, description: string) => {
    const hint: RefusalHint = REFUSAL_HINTS[action];
    return typeof hint === 'string' ? hint : hint(deps.redactor.text(description));
  };

  return async (t, action, call, done, attempted) => {
    const answer: SimAnswer = await callSandbox(t.baseUrl, call);
    const trace = `${call.method} ${call.path} → ${answer.status ?? 'no answer'}`;
    if (!answer.ok) {
      const why =
        answer.status === null
          ? `${answer.description}`
          : `the sandbox answered ${answer.status} ${answer.error}: ${answer.description}`;
      const message = `${attempted} failed: ${deps.redactor.text(why)}`;
      deps.journal.append({
        kind: 'system',
        profileId: t.profileId,
        summary: `Simulator: ${message}`,
        system: {
          level: answer.status === null ? 'error' : 'warn',
          message: `${message} (${trace})`,
        },
      });
      throw new CommandError({
        code: answer.status === null ? 'network_error' : 'http_error',
        message:
          answer.status === null ? message : `${message} ${hintFor(action, answer.description)}`,
      });
    }
    const { outcome, value } = done(answer.json);
    const record = deps.journal.append({
      kind: 'system',
      profileId: t.profileId,
      summary: `Simulator: ${outcome}`,
      system: { level: 'info', message: `${outcome} (${trace})` },
    });
    deps.events.emit('simulator.changed', { profileId: t.profileId, action });
    return { ...value, outcome, seq: record.seq };
  };
}
