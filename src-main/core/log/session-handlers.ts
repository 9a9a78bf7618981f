import { sessionsCommands, type CommandInput } from '../../../src-shared/contract';
import { CommandError } from '../../../src-shared/contract';
import type { HandlerGroup } from '../dispatch';
import type { Services } from '../services';
import { compileFilter, filterNarrows } from '../../../src-shared/rules/log-filter';
import { compareSessions } from './session-compare';
import {
  exportSession,
  streamSession,
  type StreamedExport,
  type StreamInput,
} from './session-export';

/** The sessions, the emitter that tells every window of a change, and what an export reads. */
type SessionDeps = Pick<Services, 'sessions' | 'events' | 'redactor' | 'host'>;

export function sessionHandlers(s: SessionDeps): HandlerGroup<keyof typeof sessionsCommands> {
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
    'sessions.export': async (input) => exportSession(await exportInput(s, input)),
    'sessions.compare': (input) => compareSessions(s, input),
  };
}

/**
 * The input of `sessions.export`, answered as pieces for a host to write to a file or an HTTP
 * response (Core.exportSession): the same content, of any size. Checked as dispatch checks it.
 */
export function sessionExportStream(s: Pick<Services, 'sessions' | 'redactor' | 'host'>) {
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
    return streamSession(await exportInput(s, parsed.data));
  };
}

/**
 * What an export reads: the session (the active one by default), its lines, and with a filter that
 * narrows anything or a last seq, the records they keep, as the Event log's list shows them.
 */
async function exportInput(
  s: Pick<Services, 'sessions' | 'redactor' | 'host'>,
  { sessionId, format, filter = {}, throughSeq }: CommandInput<'sessions.export'>,
): Promise<StreamInput & { file: string }> {
  const id = sessionId ?? (await s.sessions.state()).activeId;
  const { name, file } = s.sessions.lines(id);
  const input = {
    name,
    file,
    lines: () => s.sessions.lines(id).lines,
    format,
    redactor: s.redactor,
    appVersion: s.host.appVersion,
  };
  if (!filterNarrows(filter) && throughSeq === undefined) return input;
  const compiled = compileFilter(filter);
  const last = throughSeq ?? Infinity;
  return {
    ...input,
    name: `${name} (filtered)`,
    keep: (record) => record.seq <= last && compiled.test(record),
  };
}
