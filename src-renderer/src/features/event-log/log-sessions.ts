// The sessions part of the event log store: which named journal (a QA run) is active, starting a
// new one, switching, exporting one as a file, archiving, unarchiving and deleting one, comparing
// one with the open one by counts. The view starts over on sessions.changed.
import type {
  Bridge,
  CommandInput,
  CommandOutput,
  SavedExport,
  SessionsState,
} from '../../../../src-shared/contract';
import { downloadFile } from '../../components/download';
import { errorMessage } from '../../errors';

export type ExportFormat = CommandInput<'sessions.export'>['format'];
type SessionChange = 'archive' | 'unarchive' | 'delete';
const CHANGE_WORDS: Record<SessionChange, { busy: string; what: string }> = {
  archive: { busy: 'Archiving', what: 'archive the session' },
  unarchive: { busy: 'Unarchiving', what: 'unarchive the session' },
  delete: { busy: 'Deleting', what: 'delete the session' },
};
export interface LogSessionsState {
  sessions: SessionsState | null;
  /** What the sessions control is doing now, in words ("Starting session “QA 12”…"). */
  sessionBusy: string | null;
  sessionError: string | null;
  /** What the last export did, when there is something to say ("Saved to …"). */
  sessionNotice: string | null;
  refreshSessions(): Promise<void>;
  newSession(name: string): Promise<boolean>;
  switchSession(id: string): Promise<void>;
  /** Archive, unarchive or delete a session; true when it was done. */
  changeSession(change: SessionChange, id: string): Promise<boolean>;
  /**
   * Saves the session (the open one unless `sessionId`) as a file, streamed by the transport (a
   * save dialog in the desktop app, a download in the browser), of any size; with `filter` and
   * `throughSeq`, only the records they keep. Null when it failed (sessionError says why).
   */
  exportSession(format: ExportFormat, options?: ExportOptions): Promise<SavedExport | null>;
  /** The last comparison of a session (left) with the open one (right), until closed. */
  sessionComparison: SessionComparison | null;
  compareWithOpen(sessionId: string): Promise<void>;
  closeComparison(): void;
}

export type SessionComparison = CommandOutput<'sessions.compare'>;

/** What to export besides the format: the command's own input (`throughSeq`: a paused list's last). */
type ExportOptions = Omit<CommandInput<'sessions.export'>, 'format'>;

type Set = (partial: Partial<LogSessionsState>) => void;

export function sessionsSlice(
  bridge: Bridge,
  set: Set,
  get: () => LogSessionsState,
): LogSessionsState {
  /** Runs one sessions command, saying what it waits for, and keeps its error in words. */
  async function run<T>(busy: string, what: string, fn: () => Promise<T>): Promise<T | null> {
    set({ sessionBusy: busy, sessionError: null, sessionNotice: null });
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
    sessionNotice: null,
    sessionComparison: null,
    async compareWithOpen(sessionId) {
      const openId = get().sessions?.activeId;
      if (openId === undefined) return;
      const out = await run('Comparing the sessions…', 'compare the sessions', () =>
        bridge.invoke('sessions.compare', { leftId: sessionId, rightId: openId }),
      );
      if (out) set({ sessionComparison: out });
    },
    closeComparison() {
      set({ sessionComparison: null });
    },
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
    async changeSession(change, id) {
      const name = get().sessions?.sessions.find((s) => s.id === id)?.name ?? id;
      const words = CHANGE_WORDS[change];
      const out = await run(`${words.busy} “${name}”…`, words.what, () =>
        bridge.invoke(`sessions.${change}`, { sessionId: id }),
      );
      if (out) set({ sessions: out });
      return out !== null;
    },
    async exportSession(format, options = {}) {
      const input = { format, ...options };
      const out = await run(
        `Exporting as ${format.toUpperCase()}…`,
        'export the session',
        async () => {
          if (bridge.saveExport) return bridge.saveExport(input);
          // A bridge without streamed saves (tests): the content whole, as a download.
          const file = await bridge.invoke('sessions.export', input);
          downloadFile(file);
          return { outcome: 'downloading' } satisfies SavedExport;
        },
      );
      if (out?.outcome === 'saved') {
        set({ sessionNotice: `Saved ${(out.bytes / 2 ** 20).toFixed(1)} MB to ${out.path}.` });
      }
      return out;
    },
  };
}
