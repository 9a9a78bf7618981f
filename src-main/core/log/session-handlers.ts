import type { sessionsCommands } from '../../../src-shared/contract';
import type { HandlerGroup } from '../dispatch';
import type { Services } from '../services';
import { exportSession } from './session-export';

export function sessionHandlers(s: Services): HandlerGroup<keyof typeof sessionsCommands> {
  /** Runs a change, then tells every window the sessions' new state. */
  const change = async (run: () => Promise<void>) => {
    await run();
    const state = await s.sessions.state();
    s.events.emit('sessions.changed', state);
    return state;
  };
  return {
    'sessions.list': () => s.sessions.state(),
    'sessions.start': ({ name }) => change(() => s.sessions.start(name)),
    'sessions.switch': ({ sessionId }) => change(() => s.sessions.switchTo(sessionId)),
    'sessions.archive': ({ sessionId }) => change(() => s.sessions.archive(sessionId)),
    'sessions.unarchive': ({ sessionId }) => change(() => s.sessions.unarchive(sessionId)),
    'sessions.delete': ({ sessionId }) => change(() => s.sessions.remove(sessionId)),
    'sessions.export': async ({ sessionId, format }) => {
      const id = sessionId ?? (await s.sessions.state()).activeId;
      return exportSession({
        ...s.sessions.lines(id),
        format,
        redactor: s.redactor,
        appVersion: s.host.appVersion,
      });
    },
  };
}
