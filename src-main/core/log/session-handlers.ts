import { sessionsCommands, type CommandInput } from '../../../src-shared/contract';
import { CommandError } from '../../../src-shared/contract';
import type { HandlerGroup } from '../dispatch';
import type { Services } from '../services';
import { exportSession, streamSession, type StreamedExport } from './session-export';

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
      const { name, file } = s.sessions.lines(id);
      return exportSession({
        name,
        file,
        lines: () => s.sessions.lines(id).lines,
        format,
        redactor: s.redactor,
        appVersion: s.host.appVersion,
      });
    },
  };
}

/**
 * The input of `sessions.export`, answered as pieces for a host to write to a file or an HTTP
 * response (Core.exportSession): the same content, of any size. Checked as dispatch checks it.
 */
export function sessionExportStream(s: Services) {
  return async (raw: unknown): Promise<StreamedExport> => {
    const parsed = sessionsCommands['sessions.export'].input.safeParse(raw ?? {});
    if (!parsed.success) {
      throw new CommandError({
        code: 'invalid_input',
        message: `The export asked for is not valid: ${parsed.error.issues
          .map((i) => `${i.path.join('.') || '(input)'}: ${i.message}`)
          .join('; ')}.`,
      });
    }
    const { sessionId, format }: CommandInput<'sessions.export'> = parsed.data;
    const id = sessionId ?? (await s.sessions.state()).activeId;
    const { name } = s.sessions.lines(id);
    return streamSession({
      name,
      lines: () => s.sessions.lines(id).lines,
      format,
      redactor: s.redactor,
      appVersion: s.host.appVersion,
    });
  };
}
