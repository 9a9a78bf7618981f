// Sessions: named runs of the journal (a QA run). The first session is the data directory's
// journal.ndjson, as before sessions existed; each new one is its own NDJSON file under
// sessions/<id>.ndjson, listed in sessions/index.json. The engine holds one Journal whose calls go
// to the open sessions' files, so every service keeps appending through the same object and a
// switch only changes where. Two sessions are open: the one the event log shows (reads) and the
// one records go to (writes); they differ only while an archived session is shown, which is read
// from a working copy unpacked beside the others and never written. Format and layout:
// docs/journal.md.
import { randomBytes } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { CommandError, type SessionsState } from '../../../src-shared/contract';
import { openJournal, type Journal, type JournalListener } from './journal';
import { sidecarPath } from './journal-sidecar';
import type { Redactor } from './redact';
import {
  archivePath,
  archiveSession,
  countLines,
  folderBytes,
  removeSessionFiles,
  sessionBytes,
  sessionLines,
  unpackArchive,
} from './session-files';

const DEFAULT_SESSION_ID = 'default';

const Entry = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  // Optional, so an index written before archives is read as it is.
  archived: z.boolean().optional(),
  /** Counted when archived, so listing an archive does not unpack it. */
  records: z.number().optional(),
});
const Index = z.object({ activeId: z.string(), sessions: z.array(Entry) });
type Index = z.infer<typeof Index>;
type Entry = z.infer<typeof Entry>;

export interface Sessions {
  /** Reads the shown session, appends to the recording one (the same object across switches). */
  readonly journal: Journal;
  /** Reads and appends to the recording session: for what must see what was just appended. */
  readonly recording: Journal;
  state(): Promise<SessionsState>;
  start(name: string): Promise<void>;
  switchTo(id: string): Promise<void>;
  archive(id: string): Promise<void>;
  unarchive(id: string): Promise<void>;
  remove(id: string): Promise<void>;
  /** The session's name and its file line by line (unpacked on the way when archived). */
  lines(id: string): { name: string; file: string; lines: AsyncGenerator<string> };
  /** Problems met while loading the index, for the caller to log. */
  readonly warnings: string[];
  close(): void;
}

export function openSessions(
  dataDir: string,
  defaultFile: string,
  onAppend: JournalListener,
  redactor?: Redactor,
  notice?: (message: string) => void,
): Sessions {
  const dir = join(dataDir, 'sessions');
  const indexPath = join(dir, 'index.json');
  // Working copies of the archived session shown: only valid while it is; a crash leaves them.
  const unpackedDir = join(dir, 'unpacked');
  rmSync(unpackedDir, { recursive: true, force: true });
  const warnings: string[] = [];
  let index: Index = {
    activeId: DEFAULT_SESSION_ID,
    sessions: [{ id: DEFAULT_SESSION_ID, name: 'Default', createdAt: new Date(0).toISOString() }],
  };
  if (existsSync(indexPath)) {
    try {
      index = Index.parse(JSON.parse(readFileSync(indexPath, 'utf8')));
    } catch (err) {
      warnings.push(
        `The list of sessions (${indexPath}) could not be read (${(err as Error).message}); the default session is open. The session files are still in ${dir}.`,
      );
    }
  }
  const fileOf = (id: string) =>
    id === DEFAULT_SESSION_ID ? defaultFile : join(dir, `${id}.ndjson`);
  const entryOf = (id: string) => index.sessions.find((s) => s.id === id);
  // The saved activeId is always a session records can go to (an archived one is shown only until
  // the next start), so an older version reading the index finds its journal there.
  if (!entryOf(index.activeId) || entryOf(index.activeId)?.archived) {
    index.activeId = index.sessions.find((s) => !s.archived)?.id ?? DEFAULT_SESSION_ID;
    if (!entryOf(index.activeId)) {
      const createdAt = new Date(0).toISOString();
      index.sessions.unshift({ id: DEFAULT_SESSION_ID, name: 'Default', createdAt });
    }
  }

  const openAt = (path: string) =>
    openJournal(path, (r, line) => onAppend(r, line), redactor, notice);
  let recording = openAt(fileOf(index.activeId));
  /** The archived session shown read-only, and its working copy; null when the recording one is. */
  let shown: { id: string; journal: Journal; copy: string } | null = null;
  const viewed = () => shown?.journal ?? recording;
  const shownId = () => shown?.id ?? index.activeId;

  const saveIndex = () => {
    mkdirSync(dir, { recursive: true });
    // Written aside and renamed, so a crash never leaves half an index.
    writeFileSync(`${indexPath}.tmp`, JSON.stringify(index, null, 2), { mode: 0o600 });
    renameSync(`${indexPath}.tmp`, indexPath);
  };
  const requireSession = (id: string) => {
    const s = entryOf(id);
    if (!s) {
      throw new CommandError({
        code: 'not_found',
        message: `There is no session ${JSON.stringify(id)}. List the sessions and pick one.`,
      });
    }
    return s;
  };
  /** Refuses to archive or delete a session that is open, saying what to do instead. */
  const requireClosed = (s: Entry, what: 'archived' | 'deleted') => {
    if (s.id === shownId() || s.id === index.activeId) {
      const why =
        s.id === shownId()
          ? 'is the open session'
          : 'is where new records go while an archived session is shown';
      throw new CommandError({
        code: 'conflict',
        message: `“${s.name}” ${why}, so it cannot be ${what}. Open another session in the Session list (or start a new one), then try again.`,
      });
    }
  };
  const closeShown = () => {
    if (!shown) return;
    shown.journal.close();
    rmSync(shown.copy, { force: true });
    rmSync(sidecarPath(shown.copy), { force: true });
    shown = null;
  };
  const record = (id: string) => {
    closeShown();
    if (id !== index.activeId) {
      recording.close({ syncInBackground: true });
      recording = openAt(fileOf(id));
      index.activeId = id;
    }
    saveIndex();
  };
  const showArchived = async (s: Entry) => {
    closeShown();
    mkdirSync(unpackedDir, { recursive: true });
    const copy = join(unpackedDir, `${s.id}.ndjson`);
    await unpackArchive(fileOf(s.id), copy);
    // The index kept beside the archive fits the unpacked bytes: it opens without indexing.
    if (existsSync(sidecarPath(fileOf(s.id))))
      copyFileSync(sidecarPath(fileOf(s.id)), sidecarPath(copy));
    // Never written: appends go to the recording journal, and it is opened without a listener.
    shown = { id: s.id, journal: openJournal(copy, undefined, redactor, notice), copy };
  };

  // One change at a time: an archive being written must not be switched to half way.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = (change: () => Promise<void> | void): Promise<void> => {
    const next = queue.then(change);
    queue = next.catch(() => undefined);
    return next;
  };

  const journal: Journal = {
    get path() {
      return viewed().path;
    },
    get unreadableLines() {
      return viewed().unreadableLines;
    },
    append: (r) => recording.append(r),
    appendGrouped: (r) => recording.appendGrouped(r),
    list: (o) => viewed().list(o),
    get: (seq) => viewed().get(seq),
    index: () => viewed().index(),
    read: (segment, from, to, unchecked) => viewed().read(segment, from, to, unchecked),
    bytes: (position, length) => viewed().bytes(position, length),
    lastSeq: () => viewed().lastSeq(),
    close: () => {
      closeShown();
      recording.close();
    },
  };
  const recordingJournal: Journal = {
    ...journal,
    get path() {
      return recording.path;
    },
    get unreadableLines() {
      return recording.unreadableLines;
    },
    list: (o) => recording.list(o),
    get: (seq) => recording.get(seq),
    index: () => recording.index(),
    read: (segment, from, to, unchecked) => recording.read(segment, from, to, unchecked),
    bytes: (position, length) => recording.bytes(position, length),
    lastSeq: () => recording.lastSeq(),
  };

  // Another session's count, read once per version of its file: listing stays cheap however big.
  const counted = new Map<string, { size: number; mtimeMs: number; records: number }>();
  const countRecords = async (s: Entry): Promise<number> => {
    if (s.id === index.activeId) return recording.lastSeq();
    if (s.archived && s.records !== undefined) return s.records;
    const path = s.archived ? archivePath(fileOf(s.id)) : fileOf(s.id);
    let stat;
    try {
      stat = statSync(path);
    } catch {
      return 0;
    }
    const known = counted.get(path);
    if (known && known.size === stat.size && known.mtimeMs === stat.mtimeMs) return known.records;
    const records = await countLines(sessionLines(fileOf(s.id), s.archived === true));
    counted.set(path, { size: stat.size, mtimeMs: stat.mtimeMs, records });
    return records;
  };

  const state = async (): Promise<SessionsState> => ({
    activeId: shownId(),
    recordingId: index.activeId,
    sessions: await Promise.all(
      index.sessions.map(async (s) => ({
        id: s.id,
        name: s.name,
        createdAt: s.createdAt,
        active: s.id === shownId(),
        records: await countRecords(s),
        archived: s.archived === true,
        bytes: sessionBytes(fileOf(s.id)),
      })),
    ),
    dataFolderBytes: folderBytes(dataDir),
  });

  return {
    journal,
    recording: recordingJournal,
    warnings,
    state,
    start: (name) =>
      serial(() => {
        const id = `${new Date().toISOString().slice(0, 10)}-${randomBytes(4).toString('hex')}`;
        index.sessions.push({ id, name, createdAt: new Date().toISOString() });
        record(id);
      }),
    switchTo: (id) =>
      serial(async () => {
        const s = requireSession(id);
        if (id === shownId()) return;
        if (s.archived) await showArchived(s);
        else record(id);
      }),
    archive: (id) =>
      serial(async () => {
        const s = requireSession(id);
        requireClosed(s, 'archived');
        if (s.archived) return;
        if (!existsSync(fileOf(id))) writeFileSync(fileOf(id), '', { mode: 0o600 });
        s.records = await archiveSession(fileOf(id));
        s.archived = true;
        saveIndex();
      }),
    unarchive: (id) =>
      serial(async () => {
        const s = requireSession(id);
        if (!s.archived) return;
        const wasShown = shown?.id === id;
        closeShown();
        await unpackArchive(fileOf(id), fileOf(id));
        rmSync(archivePath(fileOf(id)), { force: true });
        delete s.archived;
        delete s.records;
        // Shown, it is now an ordinary open session: records go to it, as after a switch.
        if (wasShown) record(id);
        else saveIndex();
      }),
    remove: (id) =>
      serial(() => {
        const s = requireSession(id);
        requireClosed(s, 'deleted');
        removeSessionFiles(fileOf(id));
        index.sessions = index.sessions.filter((x) => x.id !== id);
        saveIndex();
      }),
    lines(id) {
      const s = requireSession(id);
      const archived = s.archived === true;
      const file = archived ? archivePath(fileOf(id)) : fileOf(id);
      return { name: s.name, file, lines: sessionLines(fileOf(id), archived) };
    },
    close: () => journal.close(),
  };
}
