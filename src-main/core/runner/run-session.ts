// A run's journal session lasts as long as the run. It starts with the run (sessions.start, so the
// event log shows it) and, when the run ends, the session the person had open before resumes: their
// later calls and deliveries are recorded there, and the composer's History (a view of the open
// session's calls) is theirs again, not the run's. Through the commands, so every window hears
// sessions.changed.
import { errorText } from '../../../src-shared/contract/errors';
import type { SessionsState } from '../../../src-shared/contract';
import type { Invoke } from '../dispatch';
import type { Journal } from '../log';

/** The sessions' commands a run's session is opened and closed with. */
export type RunSessionInvoke = Invoke<'sessions.start' | 'sessions.list' | 'sessions.switch'>;

export interface RunSession {
  id: string;
  /**
   * Opens the person's session again, unless they opened another one during the run; never fails
   * (what could not be opened is a warn record, saying what to do).
   */
  end(): Promise<void>;
}

export async function startRunSession(
  invoke: RunSessionInvoke,
  journal: Journal,
  name: string,
  before: SessionsState,
): Promise<RunSession> {
  const id = (await invoke('sessions.start', { name })).activeId;
  return { id, end: () => resumeBefore(invoke, journal, id, name, before) };
}

async function resumeBefore(
  invoke: RunSessionInvoke,
  journal: Journal,
  runSessionId: string,
  runName: string,
  before: SessionsState,
): Promise<void> {
  const nameOf = (id: string) => before.sessions.find((s) => s.id === id)?.name ?? id;
  let opening = before.recordingId;
  try {
    const now = await invoke('sessions.list', {});
    // The person opened another session during the run: where records go is theirs to choose.
    if (now.recordingId !== runSessionId) return;
    // An archived session shown read-only (the one read before the run, or one opened during it)
    // is shown again once records go to the person's session.
    const shown = now.activeId !== runSessionId ? now.activeId : before.activeId;
    await invoke('sessions.switch', { sessionId: opening });
    opening = shown;
    if (shown !== before.recordingId) await invoke('sessions.switch', { sessionId: shown });
  } catch (err) {
    const goTo =
      opening === before.recordingId
        ? `the run's session “${runName}”`
        : `“${nameOf(before.recordingId)}”, as before the run`;
    journal.append({
      kind: 'system',
      summary: `The session “${nameOf(opening)}” could not be opened again after the run`,
      system: {
        level: 'warn',
        message: `The session open before the run, “${nameOf(opening)}”, could not be opened again (${errorText(err)}); new records go to ${goTo}. Open the session you want in the Session list.`,
      },
    });
  }
}
