// One process at a time on a data folder. The settings file, the sessions index and the secrets
// file are each read, changed and written back whole: two processes doing that on one folder drop
// each other's changes without a word (a command-line run beside the open app moved the sandbox
// profile's URL and lost its own session from the index). So every host takes this lock before it
// reads anything, and a second one is told who holds it and what to do instead.
//
// The lock is a small JSON file holding the holder's pid. A lock whose process is gone (a crash, a
// kill -9) is stale and taken over; a lock written on another machine (a folder on a network drive)
// cannot be checked and is honoured.
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import {
  linkSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

export const LOCK_FILE = 'tp-inspector.lock';

/** Which host holds the folder, in the words a person sees. */
export type FolderHolderKind = 'the desktop app' | 'the headless host' | 'the command line';

const Holder = z.object({
  pid: z.number().int().positive(),
  host: z.string(),
  kind: z.string(),
  startedAt: z.string(),
});
type Holder = z.infer<typeof Holder>;

interface DataFolderLock {
  readonly file: string;
  /** Removes the lock, if it is still this process's; safe to call twice. */
  release(): void;
}

/** Thrown when another live process holds the folder; its message says who and what to do. */
export class DataFolderInUse extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: Holder,
    advice: string,
  ) {
    const elsewhere = holder.host !== hostname();
    super(
      `TP Inspector is running on the data folder ${dataDir} (${holder.kind}, pid ${holder.pid}${elsewhere ? ` on ${holder.host}` : ''}, since ${holder.startedAt}). Two processes writing one folder would lose each other's settings and event log. ${advice}${
        // A machine's name can change (a laptop on another network): a lock left by a crash there
        // cannot be judged from here, so the person is told how to clear it.
        elsewhere
          ? ` If TP Inspector is not running on ${holder.host}, delete ${join(resolve(dataDir), LOCK_FILE)} and start again.`
          : ''
      }`,
    );
    this.name = 'DataFolderInUse';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, under another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

interface LockRead {
  /** The file's text, null when there is none. */
  text: string | null;
  holder: Holder | 'none' | 'unreadable';
}

function readLock(file: string): LockRead {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    return {
      text: null,
      holder: (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'none' : 'unreadable',
    };
  }
  try {
    const parsed = Holder.safeParse(JSON.parse(text));
    return { text, holder: parsed.success ? parsed.data : 'unreadable' };
  } catch {
    // Half written by a process that died while writing it: nobody holds it.
    return { text, holder: 'unreadable' };
  }
}

const isHolder = (h: LockRead['holder']): h is Holder => h !== 'none' && h !== 'unreadable';

/**
 * Moves aside the stale lock whose text was `judged`, and only that one. Removing by name would
 * race: two processes that both judged the same lock stale would each remove it, the second
 * removing the lock the first had just written, and both would run. So the lock is renamed to a
 * name of this process's own, read there, and put back when it is not the one judged (a fresh
 * lock of another process). Answers 'taken' (try to write ours again), or the holder put back.
 */
export function takeOverStale(file: string, judged: string | null): 'taken' | LockRead['holder'] {
  const aside = `${file}.stale-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    renameSync(file, aside);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 'taken';
    throw err;
  }
  const moved = readLock(aside);
  if (moved.text === judged) {
    rmSync(aside, { force: true });
    return 'taken';
  }
  try {
    linkSync(aside, file);
  } catch {
    // A third process wrote a lock meanwhile: it holds the folder now.
  }
  rmSync(aside, { force: true });
  return moved.holder;
}

/** A lock file too new to be judged stale by its content: its writer may be writing it now. */
function justWritten(file: string): boolean {
  try {
    return Date.now() - statSync(file).mtimeMs < 2000;
  } catch {
    return false;
  }
}

/**
 * The lock files this process holds, each with its release: a second engine in the same process is
 * kept out too, and one exit listener releases them all.
 */
const heldHere = new Map<string, () => void>();
let releaseAtExit = false;

/** A holder that is gone, or this process's from before (a restart in one process), keeps no one out. */
function holds(holder: Holder, file: string): boolean {
  if (holder.host !== hostname()) return true;
  if (holder.pid === process.pid) return heldHere.has(file);
  return isAlive(holder.pid);
}

/**
 * Takes the data folder for this process, or throws DataFolderInUse with `advice` (what the person
 * can do instead) when another live process has it. The lock goes with the process: release() on a
 * clean close, and at exit for any other end but a kill (the next start finds its pid gone).
 */
export function lockDataFolder(
  dataDir: string,
  kind: FolderHolderKind,
  advice: string,
): DataFolderLock {
  mkdirSync(dataDir, { recursive: true });
  const file = join(resolve(dataDir), LOCK_FILE);
  const mine: Holder = {
    pid: process.pid,
    host: hostname(),
    kind,
    startedAt: new Date().toISOString(),
  };
  const text = JSON.stringify(mine);
  const busy = () =>
    new Error(
      `Another process is taking the data folder ${dataDir} at this moment (its lock file ${file} is being written). Wait a moment and start again, or give a folder of its own.`,
    );
  // A few tries: each after moving a stale lock aside (another process may win that race: then
  // the next try finds its lock, alive, and says so).
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(file, text, { flag: 'wx', mode: 0o600 });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const found = readLock(file);
    if (isHolder(found.holder) && holds(found.holder, file))
      throw new DataFolderInUse(dataDir, found.holder, advice);
    if (attempt === 2 || (found.holder === 'unreadable' && justWritten(file))) throw busy();
    const took = takeOverStale(file, found.text);
    if (took === 'taken') continue;
    if (isHolder(took)) throw new DataFolderInUse(dataDir, took, advice);
    throw busy();
  }
  const release = () => {
    if (!heldHere.delete(file)) return;
    const { holder } = readLock(file);
    if (isHolder(holder) && holder.pid === process.pid) rmSync(file, { force: true });
  };
  heldHere.set(file, release);
  if (!releaseAtExit) {
    releaseAtExit = true;
    process.once('exit', () => {
      for (const releaseOne of [...heldHere.values()]) releaseOne();
    });
  }
  return { file, release };
}
