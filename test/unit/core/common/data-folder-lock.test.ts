// One process at a time on a data folder: a second taker is refused with who holds it and what to
// do, a lock left by a process that is gone (a crash, kill -9) is taken over, and release frees it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DataFolderInUse,
  LOCK_FILE,
  lockDataFolder,
  takeOverStale,
} from '../../../../src-main/core/common/data-folder-lock';

const ADVICE = 'Close it first.';
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0).reverse()) c();
});

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tp-lock-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function lockOf(pid: number, host = hostname()) {
  return JSON.stringify({
    pid,
    host,
    kind: 'the headless host',
    startedAt: '2026-11-28T09:00:00Z',
  });
}

describe('the data folder lock', () => {
  it('keeps a second engine of the same process out, and lets it in once released', () => {
    const dir = folder();
    const first = lockDataFolder(dir, 'the headless host', ADVICE);
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8'))).toMatchObject({
      pid: process.pid,
      kind: 'the headless host',
    });
    expect(() => lockDataFolder(dir, 'the command line', ADVICE)).toThrow(DataFolderInUse);
    first.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    const second = lockDataFolder(dir, 'the command line', ADVICE);
    second.release();
    second.release();
  });

  it('refuses a folder a live process holds, saying which, since when, and what to do', () => {
    const dir = folder();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)']);
    cleanups.push(() => other.kill('SIGKILL'));
    writeFileSync(join(dir, LOCK_FILE), lockOf(other.pid!));
    let error: unknown;
    try {
      lockDataFolder(dir, 'the command line', ADVICE);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(DataFolderInUse);
    expect((error as Error).message).toBe(
      `TP Inspector is running on the data folder ${dir} (the headless host, pid ${other.pid}, since 2026-11-28T09:00:00Z). Two processes writing one folder would lose each other's settings and event log. Close it first.`,
    );
    // The holder's lock is left as it was.
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8')).toBe(lockOf(other.pid!));
  });

  it('takes over a lock whose process is gone (killed without a chance to remove it)', () => {
    const dir = folder();
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    writeFileSync(join(dir, LOCK_FILE), lockOf(Number(gone.stdout.toString())));
    const lock = lockDataFolder(dir, 'the desktop app', ADVICE);
    cleanups.push(() => lock.release());
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8'))).toMatchObject({
      pid: process.pid,
      kind: 'the desktop app',
    });
  });

  it('honours a lock written on another machine (a shared folder), and says how to clear it', () => {
    const dir = folder();
    writeFileSync(join(dir, LOCK_FILE), lockOf(1, 'another-machine'));
    expect(() => lockDataFolder(dir, 'the command line', ADVICE)).toThrow(
      `pid 1 on another-machine, since 2026-11-28T09:00:00Z). Two processes writing one folder would lose each other's settings and event log. Close it first. If TP Inspector is not running on another-machine, delete ${join(dir, LOCK_FILE)} and start again.`,
    );
  });

  it('takes over only the stale lock it judged: a fresh lock written meanwhile is put back', () => {
    const dir = folder();
    const file = join(dir, LOCK_FILE);
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)']);
    cleanups.push(() => other.kill('SIGKILL'));
    // This process judged a dead one's lock stale; another process has since replaced it.
    const judged = lockOf(999_999_999);
    writeFileSync(file, lockOf(other.pid!));
    expect(takeOverStale(file, judged)).toMatchObject({ pid: other.pid });
    expect(readFileSync(file, 'utf8')).toBe(lockOf(other.pid!));
    // The one judged is moved aside and gone.
    writeFileSync(file, judged);
    expect(takeOverStale(file, judged)).toBe('taken');
    expect(existsSync(file)).toBe(false);
  });

  it('takes over a damaged lock file that is not being written now', () => {
    const dir = folder();
    writeFileSync(join(dir, LOCK_FILE), '{"pid": 12');
    const past = new Date(Date.now() - 60_000);
    // An old half-written file: its writer died while writing it.
    utimesSync(join(dir, LOCK_FILE), past, past);
    const lock = lockDataFolder(dir, 'the headless host', ADVICE);
    cleanups.push(() => lock.release());
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8'))).toMatchObject({
      pid: process.pid,
    });
  });
});
