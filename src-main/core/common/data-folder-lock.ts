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
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
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

export interface DataFolderLock {
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
    super(
      `TP Inspector is running on the data folder ${dataDir} (${holder.kind}, pid ${holder.pid}${holder.host === hostname() ? '' : ` on ${holder.host}`}, since ${holder.startedAt}). Two processes writing one folder would lose each other's settings and event log. ${advice}`,
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

function readHolder(file: string): Holder | 'none' | 'unreadable' {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'none' : 'unreadable';
  }
  try {
    const parsed = Holder.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : 'unreadable';
  } catch {
    // Half written by a process that died while writing it: nobody holds it.
    return 'unreadable';
  }
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
  // Two tries: the second after removing a stale lock (another process may win that race: then
  // the second try finds its lock, alive, and says so).
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, text, { flag: 'wx', mode: 0o600 });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = readHolder(file);
      if (holder !== 'none' && holder !== 'unreadable' && holds(holder, file))
        throw new DataFolderInUse(dataDir, holder, advice);
      if (attempt === 1 || (holder === 'unreadable' && justWritten(file)))
        throw new Error(
          `Another process is taking the data folder ${dataDir} at this moment (its lock file ${file} is being written). Wait a moment and start again, or give a folder of its own.`,
        );
      rmSync(file, { force: true });
    }
  }
  const release = () => {
    if (!heldHere.delete(file)) return;
    const holder = readHolder(file);
    if (holder !== 'none' && holder !== 'unreadable' && holder.pid === process.pid)
      rmSync(file, { force: true });
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
