// The sessions part of the event log store: which named journal (a QA run) is active, starting a
// new one, switching, and exporting one as a file. The view starts over on sessions.changed.
import type { Bridge, SessionsState } from '../../../../src-shared/contract';
import { errorMessage } from '../../errors';

export type ExportFormat = 'ndjson' | 'har' | 'html';
export interface ExportedFile {
  filename: string;
  mimeType: string;
  content: string;
}

export interface LogSessionsState {
  sessions: SessionsState | null;
  /** What the sessions control is doing now, in words ("Starting session “QA 12”…"). */
  sessionBusy: string | null;
  sessionError: string | null;
  refreshSessions(): Promise<void>;
  newSession(name: string): Promise<boolean>;
  switchSession(id: string): Promise<void>;
  /** The session's file content, or null when the export failed (sessionError says why). */
  exportSession(format: ExportFormat, sessionId?: string): Promise<ExportedFile | null>;
}

type Set = (partial: Partial<LogSessionsState>) => void;

export function sessionsSlice(bridge: Bridge, set: Set): LogSessionsState {
  /** Runs one sessions command, saying what it waits for, and keeps its error in words. */
  async function run<T>(busy: string, what: string, fn: () => Promise<T>): Promise<T | null> {
    set({ sessionBusy: busy, sessionError: null });
    try {
      const out = await fn();
      set({ sessionBusy: null });
      return out;
    } catch (err) {
      set({ sessionBusy: null, sessionError: `Could not ${what}: ${errorMessage(err)}` });
      return null;
    }
  }
  return {
    sessions: null,
    sessionBusy: null,
    sessionError: null,
    async refreshSessions() {
      try {
        set({ sessions: await bridge.invoke('sessions.list', {}) });
      } catch (err) {
        set({ sessionError: `Could not list the sessions: ${errorMessage(err)}` });
      }
    },
    async newSession(name) {
      const out = await run(`Starting session “${name}”…`, 'start the session', () =>
        bridge.invoke('sessions.start', { name }),
      );
      if (out) set({ sessions: out });
      return out !== null;
    },
    async switchSession(id) {
      const out = await run('Switching session…', 'switch sessions', () =>
        bridge.invoke('sessions.switch', { sessionId: id }),
      );
      if (out) set({ sessions: out });
    },
    exportSession(format, sessionId) {
      return run(`Exporting as ${format.toUpperCase()}…`, 'export the session', () =>
        bridge.invoke('sessions.export', { format, ...(sessionId ? { sessionId } : {}) }),
      );
    },
  };
}
