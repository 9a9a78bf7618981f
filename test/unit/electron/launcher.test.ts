// `npm start` (scripts/start.mjs): the decision between the Electron window and the headless host,
// every check of it, and the real fallback run. Decisions come from `--dry-run`, which runs the
// same checks and prints the outcome as JSON instead of acting on it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..', '..');
const script = join(root, 'scripts', 'start.mjs');
const scratch = mkdtempSync(join(tmpdir(), 'tp-start-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface Decision {
  mode: 'electron' | 'headless';
  check?: string;
  reason?: string;
  electronPath?: string;
  message: string | null;
}

function cleanEnv(extra: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of [
    'DISPLAY',
    'WAYLAND_DISPLAY',
    'ELECTRON_OVERRIDE_DIST_PATH',
    'ELECTRON_RUN_AS_NODE',
  ])
    delete env[key];
  for (const [k, v] of Object.entries(extra)) if (v !== undefined) env[k] = v;
  return env;
}

function decide(
  env: Record<string, string | undefined>,
  args: string[] = [],
  nodeArgs: string[] = [],
) {
  const r = spawnSync(process.execPath, [...nodeArgs, script, '--dry-run', ...args], {
    cwd: root,
    env: cleanEnv(env),
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (r.status !== 0) throw new Error(`start.mjs --dry-run failed: ${String(r.stderr)}`);
  return JSON.parse(String(r.stdout)) as Decision;
}

/** ELECTRON_OVERRIDE_DIST_PATH makes require('electron') answer <dir>/electron without a download. */
function fakeElectronDir(withBinary: boolean): string {
  const dir = mkdtempSync(join(scratch, 'dist-'));
  if (withBinary) writeFileSync(join(dir, 'electron'), '#!/bin/sh\n', { mode: 0o755 });
  return dir;
}

const binaryInstalled = existsSync(join(root, 'node_modules', 'electron', 'path.txt'));
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/**
 * Node options under which the launcher sees the uid of an ordinary user (65534, nobody). Running
 * it as that user for real would need the checkout to be readable by nobody, which a root user's
 * home or a `mktemp -d` folder is not.
 */
function asOrdinaryUser(): string[] {
  const stub = join(scratch, 'ordinary-user.mjs');
  writeFileSync(stub, 'process.getuid = () => 65534;\n');
  return ['--import', pathToFileURL(stub).href];
}

describe('npm start: deciding', { timeout: 60_000 }, () => {
  it('falls back when require(electron) fails, saying so in one paragraph', (ctx) => {
    if (binaryInstalled)
      ctx.skip('the Electron binary is installed here, so require(electron) cannot fail');
    const d = decide({});
    expect(d.mode).toBe('headless');
    expect(d.check).toBe('electron-binary');
    expect(d.reason).toMatch(/require\('electron'\) failed/);
    expect(d.message).toMatch(/cannot open its desktop window here/);
    expect(d.message).toMatch(/headless host/);
    expect(d.message).not.toContain('\n');
  });

  it('falls back when the binary require(electron) names does not exist', () => {
    const dir = fakeElectronDir(false);
    const d = decide({ ELECTRON_OVERRIDE_DIST_PATH: dir });
    expect(d).toMatchObject({ mode: 'headless', check: 'electron-binary' });
    expect(d.reason).toContain(join(dir, 'electron'));
  });

  it('falls back on Linux without a display', (ctx) => {
    if (process.platform !== 'linux') ctx.skip('the display check applies to Linux only');
    const d = decide({ ELECTRON_OVERRIDE_DIST_PATH: fakeElectronDir(true) });
    expect(d).toMatchObject({ mode: 'headless', check: 'display' });
    expect(d.message).toMatch(/DISPLAY/);
  });

  it('starts Electron when the binary and a display (X11 or Wayland) are there', (ctx) => {
    if (process.platform !== 'linux') ctx.skip('the display variables are a Linux check');
    const dir = fakeElectronDir(true);
    // As root Chromium needs its sandbox off, so the launcher refuses: decide as an ordinary user.
    const asUser = isRoot ? asOrdinaryUser() : [];
    for (const display of [{ DISPLAY: ':99' }, { WAYLAND_DISPLAY: 'wayland-0' }]) {
      const d = decide({ ELECTRON_OVERRIDE_DIST_PATH: dir, ...display }, [], asUser);
      expect(d).toMatchObject({
        mode: 'electron',
        electronPath: join(dir, 'electron'),
        message: null,
      });
    }
  });

  it('falls back as root on Linux, where the window could not stay sandboxed', (ctx) => {
    if (!isRoot || process.platform !== 'linux') ctx.skip('needs to run as root on Linux');
    const d = decide({ ELECTRON_OVERRIDE_DIST_PATH: fakeElectronDir(true), DISPLAY: ':99' });
    expect(d).toMatchObject({ mode: 'headless', check: 'root' });
  });

  it('goes headless on request', () => {
    expect(decide({}, ['--headless'])).toMatchObject({ mode: 'headless', check: 'forced' });
  });
});

describe('npm start: the fallback, for real', () => {
  it('prints why, starts the headless host, and stops it on SIGTERM', async (ctx) => {
    const serve = join(root, 'out', 'main', 'serve.js');
    if (!existsSync(serve)) ctx.skip('out/main/serve.js is not built (run npm run build)');
    const dataDir = join(scratch, 'data');
    mkdirSync(dataDir);
    const child = spawn(
      process.execPath,
      [
        script,
        '--no-build',
        '--headless',
        '--port',
        '0',
        '--sandbox-port',
        '0',
        '--data-dir',
        dataDir,
      ],
      // No opener on PATH: the test must not open a browser wherever it runs.
      {
        cwd: root,
        env: cleanEnv({ PATH: join(scratch, 'no-bin') }),
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    const exited = new Promise<number | null>((resolve) =>
      child.on('exit', (code) => resolve(code)),
    );
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no URL printed:\n${out}`)), 30_000);
        const poll = setInterval(() => {
          const m = /(http:\/\/127\.0\.0\.1:\d+\/\S*)/.exec(out.split('Open this link')[1] ?? '');
          if (m?.[1]) {
            clearInterval(poll);
            clearTimeout(timer);
            resolve(m[1]);
          }
        }, 50);
      });
      expect(out).toMatch(/cannot open its desktop window here: you asked for it with --headless/);
      const res = await fetch(url);
      expect(res.status).toBeLessThan(500);
    } finally {
      child.kill('SIGTERM');
    }
    const code = await exited;
    expect(out).not.toMatch(/Could not start/);
    // The host's own exit code on SIGTERM, passed through (0 for a clean stop).
    expect(code).toBe(0);
  }, 60_000);
});
