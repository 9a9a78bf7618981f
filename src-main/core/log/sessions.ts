// Sessions: named runs of the journal (a QA run). The first session is the data directory's
// journal.ndjson, as before sessions existed; each new one is its own NDJSON file under
// sessions/<id>.ndjson, listed in sessions/index.json. The engine holds one Journal whose calls go
// to the active session's file, so every service keeps appending through the same object and a
// switch only changes where. Format and layout: docs/journal.md.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { CommandError, JournalRecord, type SessionsState } from '../../../src-shared/contract';
import { openJournal, type Journal } from './journal';
import type { Redactor } from './redact';

export const DEFAULT_SESSION_ID = 'default';

const Index = z.object({
  activeId: z.string(),
  sessions: z.array(z.object({ id: z.string(), name: z.string(), createdAt: z.string() })),
});
type Index = z.infer<typeof Index>;

export interface Sessions {
  /** The journal of the active session (the same object across switches). */
  readonly journal: Journal;
  state(): SessionsState;
  start(name: string): SessionsState;
  switchTo(id: string): SessionsState;
  /** The session's journal file as it is on disk. */
  read(id: string): { name: string; ndjson: string; records: JournalRecord[] };
  /** Problems met while loading the index, for the caller to log. */
  readonly warnings: string[];
  close(): void;
}

export function openSessions(
  dataDir: string,
  defaultFile: string,
  onAppend: (record: JournalRecord) => void,
  redactor?: Redactor,
  notice?: (message: string) => void,
): Sessions {
  const dir = join(dataDir, 'sessions');
  const indexPath = join(dir, 'index.json');
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
  if (!index.sessions.some((s) => s.id === index.activeId)) index.activeId = DEFAULT_SESSION_ID;

  let current = openJournal(fileOf(index.activeId), (r) => onAppend(r), redactor, notice);
  const saveIndex = () => {
    mkdirSync(dir, { recursive: true });
    // Written aside and renamed, so a crash never leaves half an index.
    writeFileSync(`${indexPath}.tmp`, JSON.stringify(index, null, 2), { mode: 0o600 });
    renameSync(`${indexPath}.tmp`, indexPath);
  };
  const requireSession = (id: string) => {
    const s = index.sessions.find((x) => x.id === id);
    if (!s) {
      throw new CommandError({
        code: 'not_found',
        message: `There is no session ${JSON.stringify(id)}. List the sessions and pick one.`,
      });
    }
    return s;
  };
  const open = (id: string) => {
    current.close();
    current = openJournal(fileOf(id), (r) => onAppend(r), redactor, notice);
    index.activeId = id;
    saveIndex();
  };

  const journal: Journal = {
    get path() {
      return current.path;
    },
    get unreadableLines() {
      return current.unreadableLines;
    },
    append: (r) => current.append(r),
    appendGrouped: (r) => current.appendGrouped(r),
    list: (o) => current.list(o),
    get: (seq) => current.get(seq),
    index: () => current.index(),
    read: (segment, from, to, unchecked) => current.read(segment, from, to, unchecked),
    bytes: (position, length) => current.bytes(position, length),
    lastSeq: () => current.lastSeq(),
    close: () => current.close(),
  };

  const readFile = (id: string) => {
    try {
      return readFileSync(fileOf(id), 'utf8');
    } catch {
      return '';
    }
  };
  // Another session's file no longer grows: counted once, it is counted again only if its size
  // changed. Reading every session's file at each list made each run's start (a new session)
  // slower than the last.
  const counted = new Map<string, { size: number; records: number }>();
  const countRecords = (id: string) => {
    if (id === index.activeId) return current.lastSeq();
    let size = 0;
    try {
      size = statSync(fileOf(id)).size;
    } catch {
      // No file yet: no records.
    }
    const known = counted.get(id);
    if (known?.size === size) return known.records;
    const records = readFile(id)
      .split('\n')
      .filter((l) => l.trim()).length;
    counted.set(id, { size, records });
    return records;
  };

  const state = (): SessionsState => ({
    activeId: index.activeId,
    sessions: index.sessions.map((s) => ({
      ...s,
      active: s.id === index.activeId,
      records: countRecords(s.id),
    })),
  });

  return {
    journal,
    warnings,
    state,
    start(name) {
      const id = `${new Date().toISOString().slice(0, 10)}-${randomBytes(4).toString('hex')}`;
      index.sessions.push({ id, name, createdAt: new Date().toISOString() });
      open(id);
      return state();
    },
    switchTo(id) {
      requireSession(id);
      if (id !== index.activeId) open(id);
      return state();
    },
    read(id) {
      const s = requireSession(id);
      const ndjson = readFile(id);
      return { name: s.name, ndjson, records: parseRecords(ndjson) };
    },
    close: () => current.close(),
  };
}

function parseRecords(ndjson: string): JournalRecord[] {
  const out: JournalRecord[] = [];
  for (const line of ndjson.split('\n')) {
    if (!line.trim()) continue;
    try {
      const parsed = JournalRecord.safeParse(JSON.parse(line));
      if (parsed.success) out.push(parsed.data);
    } catch {
      // A torn line: the journal itself skips it the same way.
    }
  }
  return out;
}
