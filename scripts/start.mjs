#!/usr/bin/env node
// `npm start`: build, then open the desktop window when Electron can run here, and otherwise start
// the headless host (same app, in the browser) after saying in one paragraph why. So
// `npm install && npm start` always ends in a working app.
//
// Flags: --no-build (skip the build), --headless (skip the Electron checks),
//        --dry-run (print the decision as JSON and exit: used by the tests).
// Anything else is passed on to the app (`npm start -- --port 8080` reaches the headless host).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const serveScript = join(root, 'out', 'main', 'serve.js');

// On a machine with network, the first `require('electron')` downloads the binary (about 100 MB);
// where the download host is unreachable it fails within a second or two.
const PROBE_TIMEOUT_MS = Number(process.env.TP_ELECTRON_PROBE_TIMEOUT_MS) || 120_000;

/**
 * Runs `require('electron')` (which returns the binary's path) in a child, so a failed download cannot hurt us.
 * @returns {{ ok: true, path: string } | { ok: false, detail: string }}
 */
function probeElectron() {
  const code = [
    "const { createRequire } = require('node:module');",
    'const req = createRequire(process.argv[1]);',
    "process.stdout.write(String(req('electron')));",
  ].join('\n');
  const env = { ...process.env };
  delete env.ELECTRON_RUN_AS_NODE;
  const r = spawnSync(process.execPath, ['-e', code, join(root, 'package.json')], {
    cwd: root,
    env,
    encoding: 'utf8',
    timeout: PROBE_TIMEOUT_MS,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (r.error) return { ok: false, detail: r.error.message };
  if (r.status !== 0) {
    const text = `${r.stderr ?? ''}\n${r.stdout ?? ''}`;
    // The most telling line: a network error when there is one, else the thrown error's message.
    const lines = text
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    const network = lines.find((l) =>
      /fetch failed|ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|getaddrinfo|RequestError/.test(
        l,
      ),
    );
    const thrown = lines.find((l) => /^\w*Error\b/.test(l));
    const download = lines.some((l) => l.startsWith('Downloading Electron'));
    const detail = network ?? thrown ?? lines.at(-1) ?? `exit code ${r.status}`;
    return {
      ok: false,
      detail: download ? `downloading the binary failed with ${detail}` : detail,
    };
  }
  const path = (r.stdout ?? '').trim();
  return path ? { ok: true, path } : { ok: false, detail: 'it returned no path' };
}

/**
 * @typedef {{ mode: 'electron', electronPath: string }
 *   | { mode: 'headless', check: string, reason: string, detail?: string, electronPath?: string }} Decision
 */

/**
 * Decides between the window and the headless host; every failed check says which it was.
 * @param {{ forceHeadless?: boolean, env?: NodeJS.ProcessEnv, platform?: NodeJS.Platform }} [options]
 * @returns {Decision}
 */
function decide({ forceHeadless = false, env = process.env, platform = process.platform } = {}) {
  if (forceHeadless)
    return { mode: 'headless', check: 'forced', reason: 'you asked for it with --headless' };
  const probe = probeElectron();
  if (!probe.ok) {
    return {
      mode: 'headless',
      check: 'electron-binary',
      reason: `the Electron binary is not available (require('electron') failed: ${probe.detail})`,
      detail: `require('electron') failed: ${probe.detail}`,
    };
  }
  if (!existsSync(probe.path)) {
    return {
      mode: 'headless',
      check: 'electron-binary',
      reason: `the Electron binary is missing at ${probe.path}`,
      detail: `no file at ${probe.path}`,
      electronPath: probe.path,
    };
  }
  if (platform === 'linux' && !env.DISPLAY && !env.WAYLAND_DISPLAY) {
    return {
      mode: 'headless',
      check: 'display',
      reason: 'there is no graphical display here (neither DISPLAY nor WAYLAND_DISPLAY is set)',
      electronPath: probe.path,
    };
  }
  // Chromium refuses to run as root unless its sandbox is switched off, and the window must stay
  // sandboxed: as root we prefer the browser.
  if (platform === 'linux' && typeof process.getuid === 'function' && process.getuid() === 0) {
    return {
      mode: 'headless',
      check: 'root',
      reason: 'it is running as root, where Electron only starts with its sandbox disabled',
      electronPath: probe.path,
    };
  }
  return { mode: 'electron', electronPath: probe.path };
}

/** @param {{ reason: string }} decision a headless decision of `decide` */
function fallbackMessage(decision) {
  return (
    `TP Inspector cannot open its desktop window here: ${decision.reason}. ` +
    `Starting the headless host instead: the same app, served on a loopback address and opened in your ` +
    `browser when there is one (its URL is printed below; open it yourself otherwise). ` +
    `Stop it with Ctrl+C.`
  );
}

function runBuild() {
  // Through the npm that runs us when there is one, so Windows needs no shell.
  const npmCli = process.env.npm_execpath;
  const r = npmCli
    ? spawnSync(process.execPath, [npmCli, 'run', 'build'], { cwd: root, stdio: 'inherit' })
    : spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build'], {
        cwd: root,
        stdio: 'inherit',
        shell: process.platform === 'win32',
      });
  if (r.status !== 0) {
    console.error(
      `The build failed (${r.error?.message ?? `exit code ${r.status}`}): fix the errors above and run npm start again.`,
    );
    process.exit(r.status || 1);
  }
}

/**
 * Runs the app as our stand-in: the signals we get go to it exactly once, its exit is ours.
 * The child gets its own process group, so a terminal's Ctrl+C reaches it only through us: the
 * terminal signals its whole foreground group and `npm start` forwards the same signal again, and
 * the headless host reads a second Ctrl+C as "stop now, skip the clean shutdown". Repeats of a
 * signal within a second are therefore one press.
 * @param {string} command
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} env
 */
function foreground(command, args, env) {
  const detached = process.platform !== 'win32';
  const child = spawn(command, args, {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env,
    detached,
  });
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  const lastSent = new Map();
  const running = () => child.exitCode === null && child.signalCode === null;
  /** @param {NodeJS.Signals} signal */
  const forward = (signal) => {
    const now = Date.now();
    if (now - (lastSent.get(signal) ?? 0) < 1000) return;
    lastSent.set(signal, now);
    if (running()) child.kill(signal);
  };
  for (const s of signals) process.on(s, forward);
  // Should the launcher itself fail, the detached app must not outlive it.
  process.on('exit', () => {
    if (running()) child.kill('SIGTERM');
  });
  child.on('error', (err) => {
    console.error(`Could not start ${command}: ${err.message}`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => {
    for (const s of signals) process.off(s, forward);
    if (signal) process.kill(process.pid, signal);
    else process.exit(code ?? 1);
  });
}

const OWN_FLAGS = new Set(['--dry-run', '--no-build', '--headless']);

/** @param {string[]} argv */
function main(argv) {
  const passOn = argv.filter((a) => !OWN_FLAGS.has(a));
  const forceHeadless = argv.includes('--headless');
  if (argv.includes('--dry-run')) {
    const decision = decide({ forceHeadless });
    const message = decision.mode === 'headless' ? fallbackMessage(decision) : null;
    process.stdout.write(`${JSON.stringify({ ...decision, message })}\n`);
    return;
  }
  // Build first: both the window and the headless host run from out/.
  if (!argv.includes('--no-build')) runBuild();
  const decision = decide({ forceHeadless });

  const env = { ...process.env };
  delete env.ELECTRON_RUN_AS_NODE;
  if (decision.mode === 'electron') {
    foreground(decision.electronPath, ['.', ...passOn], env);
    return;
  }
  console.log(`\n${fallbackMessage(decision)}\n`);
  if (!existsSync(serveScript)) {
    console.error(
      `The headless host is not built (${serveScript} is missing): run npm run build and look for errors.`,
    );
    process.exit(1);
  }
  foreground(process.execPath, [serveScript, '--open', ...passOn], env);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1])
  main(process.argv.slice(2));
