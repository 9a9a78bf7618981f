#!/usr/bin/env node
// Builds out/ only when it is missing or older than what the build reads, for the commands that
// run from out/ (`npm run serve`, `npm run tp`, `npm run bench:*`). A start must not rebuild the
// files a running host serves, and two starts at once must not build over each other: a build holds
// out/.build-lock, and a start that finds it taken waits for it, then looks again. The build's
// output goes to stderr, so the command's stdout stays its own (with --json, serve's first stdout
// line is its ready line).
//
// `node scripts/build-if-stale.mjs` does just that and exits with the build's exit code.
import { spawn } from 'node:child_process';
import {
  closeSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { constants } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = dirname(dirname(fileURLToPath(import.meta.url)));

/** What the build reads besides node_modules: a change to any of these makes out/ stale. */
const SOURCE_DIRS = ['src-main', 'src-shared', 'src-renderer', 'src-preload'];
const SOURCE_FILES = ['package.json', 'package-lock.json', 'electron.vite.config.ts'];

/** The entries the commands run from; every build writes them all. */
const OUTPUTS = [
  'out/main/index.js',
  'out/main/serve.js',
  'out/main/sandbox.js',
  'out/main/tp.js',
  'out/preload/index.cjs',
  'out/renderer/index.html',
];

// The stamp's mtime is the moment our build started, so a source saved during the build still
// counts as newer. It lives in out/main/, which every build empties first: after a plain
// `npm run build` it is gone and the outputs' own mtimes tell the build's age instead.
const STAMP = 'out/main/.build-stamp';
const LOCK = 'out/.build-lock';

const POLL_MS = 200;
// A lock file still empty after this long was left by a start that died between creating and
// writing it.
const EMPTY_LOCK_STALE_MS = 10_000;

/** @param {string} path */
function mtimeOrZero(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

/** The newest mtime in a tree; a folder's own mtime counts, since deleting a file changes only that. */
/** @param {string} path @returns {number} */
function newestMtime(path) {
  let newest = mtimeOrZero(path);
  let entries;
  try {
    entries = readdirSync(path, { withFileTypes: true });
  } catch {
    return newest;
  }
  for (const entry of entries) {
    const child = join(path, entry.name);
    const mtime = entry.isDirectory() ? newestMtime(child) : mtimeOrZero(child);
    if (mtime > newest) newest = mtime;
  }
  return newest;
}

/** When out/ was built, or null when an entry is missing. */
/** @param {string} dir */
function builtAt(dir) {
  const mtimes = OUTPUTS.map((p) => mtimeOrZero(join(dir, p)));
  if (mtimes.includes(0)) return null;
  return mtimeOrZero(join(dir, STAMP)) || Math.min(...mtimes);
}

function isStale(dir = root) {
  const built = builtAt(dir);
  if (built === null) return true;
  const tsconfigs = readdirSync(dir).filter((n) => /^tsconfig.*\.json$/.test(n));
  const sources = [...SOURCE_DIRS, ...SOURCE_FILES, ...tsconfigs].map((p) => join(dir, p));
  return sources.some((p) => newestMtime(p) > built);
}

/** @param {number} pid */
function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return /** @type {NodeJS.ErrnoException} */ (err).code === 'EPERM';
  }
}

/** Who holds the lock: nobody, a live process, or one that is gone (its lock is stale). */
/** @param {string} lock */
function readLock(lock) {
  let text;
  try {
    text = readFileSync(lock, 'utf8').trim();
  } catch {
    return { state: 'free' };
  }
  const holder = Number(text);
  const stale = text
    ? Number.isInteger(holder) && holder > 0 && !isAlive(holder)
    : Date.now() - mtimeOrZero(lock) > EMPTY_LOCK_STALE_MS;
  return { state: stale ? 'stale' : 'held', holder: text || 'unknown' };
}

/** Takes the lock, or says who holds it. A lock whose process is gone is taken over. */
/** @param {string} dir */
function tryLock(dir) {
  const lock = join(dir, LOCK);
  mkdirSync(dirname(lock), { recursive: true });
  for (;;) {
    try {
      const fd = openSync(lock, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return { taken: true };
    } catch (err) {
      if (/** @type {NodeJS.ErrnoException} */ (err).code !== 'EEXIST') throw err;
    }
    const found = readLock(lock);
    if (found.state === 'held') return { taken: false, holder: found.holder };
    if (found.state === 'stale') rmSync(lock, { force: true });
  }
}

/** @param {string} dir */
function releaseLock(dir) {
  const lock = join(dir, LOCK);
  try {
    if (readFileSync(lock, 'utf8').trim() === String(process.pid)) rmSync(lock, { force: true });
  } catch {
    // Already gone.
  }
}

/** `npm run build` with its output on our stderr; resolves with its exit code. */
/** @param {string} dir @returns {Promise<number>} */
function runBuild(dir) {
  // Through the npm that runs us when there is one, so Windows needs no shell.
  const npmCli = process.env.npm_execpath;
  const [command, args, shell] = npmCli
    ? [process.execPath, [npmCli, 'run', 'build'], false]
    : [
        process.platform === 'win32' ? 'npm.cmd' : 'npm',
        ['run', 'build'],
        process.platform === 'win32',
      ];
  const child = spawn(command, args, { cwd: dir, stdio: ['ignore', 2, 2], shell });
  // Stopped mid-build (Ctrl+C reaches the build too): give the lock back before going.
  /** @type {NodeJS.Signals[]} */
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  /** @param {NodeJS.Signals} signal */
  const stop = (signal) => {
    child.kill(signal);
    releaseLock(dir);
    process.exit(128 + constants.signals[signal]);
  };
  for (const s of signals) process.on(s, stop);
  return new Promise((resolve) => {
    /** @param {number} code */
    const done = (code) => {
      for (const s of signals) process.off(s, stop);
      resolve(code);
    };
    child.once('error', (err) => {
      console.error(`Could not run npm run build: ${err.message}`);
      done(1);
    });
    child.once('exit', (code) => done(code ?? 1));
  });
}

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Builds when out/ is stale, one start at a time; resolves with 0, or the failed build's exit code. */
export async function buildIfStale(dir = root) {
  const lockPath = join(dir, LOCK);
  let announced = false;
  for (;;) {
    // While a build runs, out/ can look complete before it is: a build writes its entries one by one.
    const current = readLock(lockPath);
    if (current.state === 'held') {
      if (!announced)
        console.error(`Waiting for another build of out/ to finish (pid ${current.holder}).`);
      announced = true;
      await sleep(POLL_MS);
      continue;
    }
    if (!isStale(dir)) return 0;
    if (!tryLock(dir).taken) continue;
    try {
      // The start that held the lock before us may have built it already.
      if (!isStale(dir)) return 0;
      console.error('Building out/ (it is missing or older than the sources).');
      const startedAt = new Date();
      const code = await runBuild(dir);
      if (code !== 0) {
        console.error(`The build failed (exit code ${code}): fix the errors above and try again.`);
        return code;
      }
      writeFileSync(join(dir, STAMP), '');
      utimesSync(join(dir, STAMP), startedAt, startedAt);
      return 0;
    } finally {
      releaseLock(dir);
    }
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1])
  process.exit(await buildIfStale());
